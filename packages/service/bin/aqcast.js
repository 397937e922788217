#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader: no build step between a
// fresh `npm ci` and a working `aqcast` command.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');

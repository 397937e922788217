#!/usr/bin/env node
// The aqcast command runs the JavaScript built by `npm ci` (tsc -b, see the root package.json).
await import('../dist/cli/main.js');

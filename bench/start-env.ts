/**
 * The environment `npm start` gives the service (glibc heap settings), read from the
 * root package.json's start script so a bench never measures something else, and the
 * bench's own environment without any glibc heap setting (glibc's default).
 */
import { readFileSync } from 'node:fs';

const startScript = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }).scripts.start;

/** The `KEY=value` assignments in front of `npm start`'s command. */
export const START_ENV: Readonly<Record<string, string>> = Object.fromEntries(
  [...(/^((?:[A-Z_]+=\S+\s+)*)/.exec(startScript)?.[1] ?? '').matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1] as string, m[2] as string]),
);

/** This process's environment with the glibc heap settings taken out. */
export const GLIBC_DEFAULT_ENV: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('MALLOC_') && k !== 'GLIBC_TUNABLES'));

/** `START_ENV` as it is written in the start script. */
export const START_ENV_TEXT = Object.entries(START_ENV)
  .map(([k, v]) => `${k}=${v}`)
  .join(' ');

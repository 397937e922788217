/**
 * The README stays a front page: at most 15 KB (what aqcast is, the quickstart,
 * one render from request to MP4, a paragraph per capability with a link), and
 * every page it links to exists. The guides live in docs/.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(`${ROOT}README.md`, 'utf8');
export const README_MAX_BYTES = 15 * 1024;

test(`README.md is at most ${README_MAX_BYTES} bytes`, () => {
  const bytes = Buffer.byteLength(README);
  assert.ok(bytes <= README_MAX_BYTES, `README.md is ${bytes} bytes; move detail into a docs/ guide and link it`);
});

test('every local page the README links to exists', () => {
  const links = [...README.matchAll(/\]\(((?:docs|clients)\/[^)#\s]+)/g)].map((m) => m[1] ?? '');
  assert.ok(links.length >= 5, `found ${links.length} links to docs/`);
  for (const link of links) assert.ok(existsSync(`${ROOT}${link}`), `README links to ${link}, which does not exist`);
});

/**
 * The Node versions the packages claim are the ones every installed dependency
 * accepts: for the lowest release of each supported line (from the root's
 * `engines`), no package npm would install on Linux x64 declares an `engines.node`
 * that excludes it (npm prints EBADENGINE for those), and every workspace
 * package claims the same range as the root.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import semver from 'semver';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

const ROOT = new URL('..', import.meta.url);
const Entry = Type.Object({
  engines: Type.Optional(Type.Union([Type.Object({ node: Type.Optional(Type.String()) }), Type.Array(Type.String())])),
  os: Type.Optional(Type.Array(Type.String())),
  cpu: Type.Optional(Type.Array(Type.String())),
  optional: Type.Optional(Type.Boolean()),
  link: Type.Optional(Type.Boolean()),
});
const Lock = Type.Object({ packages: Type.Record(Type.String(), Entry) });
const Manifest = Type.Object({ name: Type.String(), engines: Type.Optional(Type.Object({ node: Type.String() })), workspaces: Type.Optional(Type.Array(Type.String())) });

function read<T extends typeof Lock | typeof Manifest>(schema: T, path: string): Static<T> {
  return Value.Parse(schema, JSON.parse(readFileSync(new URL(path, ROOT), 'utf8')));
}

/** npm skips an optional package built for another platform without checking its engines. */
function installedOnLinuxX64(e: Static<typeof Entry>): boolean {
  const allows = (list: string[] | undefined, value: string) => !list || list.some((x) => x === value) || (list.every((x) => x.startsWith('!')) && !list.includes(`!${value}`));
  return allows(e.os, 'linux') && allows(e.cpu, 'x64');
}

const root = read(Manifest, 'package.json');
const range = root.engines?.node ?? '';
// The lowest release of each supported line: ^20.19 || ^22.13 || >=24 → 20.19.0, 22.13.0, 24.0.0.
const lowest = range.split('||').map((part) => semver.minVersion(part.trim())?.version ?? '');

test('the root claims current Node lines only (20.19+, 22.13+, 24+)', () => {
  assert.deepEqual(lowest, ['20.19.0', '22.13.0', '24.0.0']);
});

test('every workspace package claims the same Node versions as the root', () => {
  for (const ws of root.workspaces ?? []) assert.equal(read(Manifest, `${ws}/package.json`).engines?.node, range, `${ws}/package.json engines.node`);
});

test('no installed dependency excludes a supported Node version (no EBADENGINE on npm ci)', () => {
  const lock = read(Lock, 'package-lock.json');
  const excluded: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.includes('node_modules/') || entry.link || !installedOnLinuxX64(entry)) continue;
    const wanted = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    if (!wanted) continue;
    for (const v of lowest) if (!semver.satisfies(v, wanted, { includePrerelease: true })) excluded.push(`${path} wants node ${wanted}, excluding ${v}`);
  }
  assert.deepEqual(excluded, []);
});

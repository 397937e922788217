// MAP_PMTILES_PATH that cannot be used — random bytes, a truncated PMTiles archive, a
// URL — never stops the service: `aqcast serve` starts, logs one warning naming the
// setting, and a station map renders over the Natural Earth basemap (no 5xx, no
// failed render).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { api, createTestEnv, SMALL, spawnService, STORE, waitForJob, type ChildService, type TestEnv } from './helpers.js';

const STATIONS = [
  { name: 'Pudahuel', lat: -33.437, lon: -70.75, pm25: 70 },
  { name: 'Las Condes', lat: -33.376, lon: -70.523, pm25: 15 },
];

/** A PMTiles v3 header whose directory and tiles lie past the end of the file. */
function truncatedArchive(): Buffer {
  const h = Buffer.alloc(127);
  h.write('PMTiles', 0, 'ascii');
  h.writeUInt8(3, 7);
  h.writeBigUInt64LE(127n, 8); // root directory…
  h.writeBigUInt64LE(40n, 16); // …40 bytes that are not there
  h.writeBigUInt64LE(167n, 24);
  h.writeBigUInt64LE(2n, 32);
  h.writeBigUInt64LE(169n, 56); // tile data…
  h.writeBigUInt64LE(5000n, 64); // …5000 bytes that are not there
  for (const [at, v] of [[96, 1], [97, 1], [98, 1], [99, 1], [100, 0], [101, 14]] as const) h.writeUInt8(v, at);
  return h;
}

describe(`a MAP_PMTILES_PATH that cannot be used (${STORE})`, () => {
  let env: TestEnv;
  before(async () => {
    env = await createTestEnv();
  });
  after(async () => {
    await env?.cleanup();
  });

  const cases: [string, (dir: string) => string, RegExp][] = [
    ['random bytes', (dir) => {
      const p = join(dir, 'random.pmtiles');
      writeFileSync(p, Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 251)));
      return p;
    }, /MAP_PMTILES_PATH cannot be used/],
    ['a truncated archive', (dir) => {
      const p = join(dir, 'truncated.pmtiles');
      writeFileSync(p, truncatedArchive());
      return p;
    }, /MAP_PMTILES_PATH cannot be used/],
    ['a URL', () => 'https://example.org/planet.pmtiles', /MAP_PMTILES_PATH cannot be used \(it is a URL/],
  ];
  for (const [name, make, warning] of cases) {
    test(`${name}: the service starts, warns once, and a station map renders`, async () => {
      let svc: ChildService | null = null;
      try {
        svc = await spawnService('serve', { ...env.env, WORKER_CONCURRENCY: '1', MAP_PMTILES_PATH: make(env.dataDir) });
        const r = await api(svc.baseUrl, 'POST', '/render', { ...SMALL, template: 'station-map', location: 'Santiago', stations: STATIONS, date: '2026-11-22' });
        assert.equal(r.status, 202, JSON.stringify(r.body));
        const job = await waitForJob(svc.baseUrl, r.body.jobId);
        assert.equal(job.status, 'completed', JSON.stringify(job.error));
        const warnings = svc.output().split('\n').filter((l) => warning.test(l));
        assert.equal(warnings.length, 1, svc.output());
      } finally {
        await svc?.stop();
      }
    });
  }
});

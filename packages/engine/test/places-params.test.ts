// Places, stations and provenance in the render params: limits named down to the
// item ("stations[3].lat"), the rules the schema cannot say, and the source line.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EngineError, normalizeRenderParams } from '../src/index.ts';
import { sourceLine } from '../src/i18n/source-line.ts';

function fieldsOf(input: unknown): Record<string, string> {
  try {
    normalizeRenderParams(input, { today: '2026-11-22' });
  } catch (err) {
    assert.ok(err instanceof EngineError, `not an EngineError: ${String(err)}`);
    assert.equal(err.code, 'invalid_params');
    return Object.fromEntries((err.fields ?? []).map((f) => [f.field, f.message]));
  }
  assert.fail('expected a validation error');
}

const place = (name: string, pm25: number) => ({ name, pm25 });
const station = (name: string, lat: number, lon: number, pm25 = 20) => ({ name, lat, lon, pm25 });

describe('places, stations and provenance', () => {
  it('accepts and normalizes them', () => {
    const p = normalizeRenderParams(
      {
        location: 'Chile',
        places: [place('  Santiago   centro ', 87.4), { name: 'Temuco', lat: -38.7, lon: -72.6, pm25: 140, no2: 20 }],
        stations: [station('Parque O\'Higgins', -33.464, -70.661), station('Las Condes', -33.377, -70.523)],
        provenance: { source: 'airnow', observedAt: '2026-11-22T14:00:00-03:00', preliminary: true, timeZone: 'America/Santiago' },
      },
      { today: '2026-11-22' },
    );
    assert.equal(p.places?.[0]?.name, 'Santiago centro');
    assert.equal(p.places?.length, 2);
    assert.equal(p.stations?.length, 2);
    assert.equal(p.provenance?.observedAt, '2026-11-22T17:00:00.000Z');
    assert.deepEqual(normalizeRenderParams(p), p, 'idempotent');
  });

  it('names the field of every bad item', () => {
    const f = fieldsOf({
      location: 'X',
      places: [place('A', 10), { name: 'B' }, { name: 'C', pm25: 5000 }, { name: 'x'.repeat(121), pm25: 1 }, { name: 'D', lat: 10, pm25: 1 }],
      stations: [station('S1', 91, 0), station('S2', 0, -181), station('S3', 10, 10), station('S4', 10.000001, 10.000002), { name: 'S5', lat: 1, lon: 1, pm25: 1, colour: 'red' }],
      provenance: { source: 'twitter' },
    });
    assert.match(f['stations[0].lat'] ?? '', /between -90 and 90/);
    assert.match(f['stations[1].lon'] ?? '', /between -180 and 180/);
    assert.match(f['places[2].pm25'] ?? '', /between 0 and 2000/);
    assert.match(f['places[3].name'] ?? '', /1–120 characters/);
    assert.ok(f['stations[4].colour'], JSON.stringify(f));
    assert.ok(f['provenance.source'], JSON.stringify(f));
  });

  it('applies the rules beyond the schema', () => {
    const f = fieldsOf({
      location: 'X',
      places: [place('A', 10), { name: 'B' }, { name: 'D', lat: 10, pm25: 1 }, { name: '   ', pm25: 3 }],
      stations: [station('S3', 10, 10), station('S4', 10.000001, 10.000002)],
      provenance: { source: 'openaq', timeZone: 'Mars/Olympus', observedAt: '2026-11-22T14:00:00Z', retrievedAt: '2026-11-22T13:00:00Z' },
    });
    assert.match(f['places[1]'] ?? '', /at least one pollutant value/);
    assert.match(f['places[2]'] ?? '', /both lat and lon/);
    assert.match(f['places[3].name'] ?? '', /blank/);
    assert.match(f['stations[1]'] ?? '', /same point as stations\[0\]/);
    assert.match(f['provenance.timeZone'] ?? '', /IANA/);
    assert.match(f['provenance.retrievedAt'] ?? '', /before observedAt/);
  });

  it('holds the limits on counts', () => {
    assert.match(fieldsOf({ location: 'X', places: [place('A', 1)] }).places ?? '', /2–20 items/);
    const many = Array.from({ length: 21 }, (_, i) => place(`P${i}`, i));
    assert.match(fieldsOf({ location: 'X', places: many }).places ?? '', /2–20 items \(has 21\)/);
    const stations = Array.from({ length: 61 }, (_, i) => station(`S${i}`, i, i));
    assert.match(fieldsOf({ location: 'X', stations }).stations ?? '', /1–60 items/);
  });

  it('prints the source line in the place\'s time zone, saying when data is preliminary', () => {
    const line = sourceLine('en', { source: 'airnow', observedAt: '2026-11-22T22:00:00.000Z', timeZone: 'America/Los_Angeles', preliminary: true });
    assert.equal(line, 'Source: AirNow · observed Nov 22, 14:00 (America/Los_Angeles) · preliminary data');
    assert.equal(sourceLine('es', { source: 'openaq', licence: 'CC BY 4.0' }), 'Fuente: OpenAQ (CC BY 4.0)');
    assert.equal(sourceLine('pt', { source: 'upload' }), 'Fonte: boletim enviado');
    assert.equal(sourceLine('en', undefined), null);
  });
});

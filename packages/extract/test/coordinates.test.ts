// Station coordinates from a bulletin's station table: latitude and longitude columns
// (es/en/pt headings; decimal commas, hemisphere letters, degrees-minutes-seconds) are
// read into each station, checked for range, and never invented where a row gives none.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { coordinateDocs, type CoordinateDoc } from '../corpus/coordinates.js';
import { renderDoc } from '../corpus/generate.js';
import { LATITUDE_HEADER, LONGITUDE_HEADER, parseCoordinate } from '../src/coordinates.js';
import { extractBulletin, shutdownOcr } from '../src/index.js';

const LIMITS = { maxBytes: 20 * 1024 * 1024, maxPages: 20, maxPixels: 40_000_000, ocrTimeoutMs: 120_000 };

describe('station coordinates', () => {
  after(() => shutdownOcr());

  it('reads each notation, and refuses what is not one coordinate in range', () => {
    const cases: [string, 'lat' | 'lon', number | null][] = [
      ['-33,4642', 'lat', -33.4642], ['-70.6610', 'lon', -70.661], ['+12.5', 'lat', 12.5], ['39.7795 N', 'lat', 39.7795], ['S 33.45', 'lat', -33.45],
      ['105.0052 W', 'lon', -105.0052], ['70,65 O', 'lon', -70.65], ['43,1 L', 'lon', 43.1], ['12.5 E', 'lon', 12.5], ['22°55\'30"S', 'lat', -22.925],
      ['43° 10,8\' O', 'lon', -43.18], ['33°', 'lat', 33], ['−33.1', 'lat', -33.1],
      ['91', 'lat', null], ['-180.5', 'lon', null], ['ND', 'lat', null], ['', 'lon', null], ['33.4 S', 'lon', null], ['70.1 W', 'lat', null],
      ['-33.4 N', 'lat', null], ['22°75\'S', 'lat', null], ['12.3.4', 'lat', null], ['abc', 'lon', null], ['1234', 'lon', null],
    ];
    for (const [text, axis, want] of cases) assert.equal(parseCoordinate(text, axis), want, `${axis} "${text}"`);
  });

  it('knows the headings in es, en and pt, and only them', () => {
    for (const h of ['Latitud', 'Latitude', 'Lat', 'Lat.', 'LATITUD (°)', 'Latitude [S]']) assert.ok(LATITUDE_HEADER.test(h), h);
    for (const h of ['Longitud', 'Longitude', 'Lon', 'Long', 'Lng', 'Longitud (°O)', 'LONGITUDE (W)']) assert.ok(LONGITUDE_HEADER.test(h), h);
    for (const h of ['Latitud de la estación', 'Long-term mean', 'Lathrop', 'London', 'Estación']) assert.ok(!LATITUDE_HEADER.test(h) && !LONGITUDE_HEADER.test(h), h);
  });

  type Got = { name: string; values: Partial<Record<string, number>>; lat?: number; lon?: number };
  const check = (doc: CoordinateDoc, got: Got[] | undefined): void => {
    assert.ok(got, `${doc.id}: stations`);
    assert.deepEqual(got.map((s) => s.name), doc.stations.map((s) => s.name), doc.id);
    for (const want of doc.stations) {
      const s: Got | undefined = got.find((g) => g.name === want.name);
      assert.ok(s, `${doc.id} ${want.name}`);
      assert.equal(s.values.pm25, want.pm25, `${doc.id} ${want.name} pm25`);
      if (want.lat === undefined) assert.ok(s.lat === undefined && s.lon === undefined, `${doc.id} ${want.name}: no coordinates invented`);
      else {
        assert.ok(Math.abs(s.lat! - want.lat) < 1e-5 && Math.abs(s.lon! - want.lon!) < 1e-5, `${doc.id} ${want.name}: ${s.lat}, ${s.lon}`);
      }
    }
  };

  for (const doc of coordinateDocs('pdf-text')) {
    it(`reads a text PDF's station coordinates (${doc.id})`, async () => {
      const { bytes, filename } = await renderDoc(doc);
      check(doc, (await extractBulletin(Buffer.from(bytes), filename, LIMITS)).stations);
    });
  }

  // OCR reads the decimal notations; degrees-minutes-seconds marks are not reliable in a scan (see docs/places.md).
  for (const doc of coordinateDocs('png').filter((d) => d.language !== 'pt')) {
    it(`reads a scanned image's decimal coordinates (${doc.id})`, async () => {
      const { bytes, filename } = await renderDoc(doc);
      check(doc, (await extractBulletin(Buffer.from(bytes), filename, LIMITS)).stations);
    });
  }
});

// Render-parameter validation: every bad field is named, aliases and defaults are
// applied, nothing but an EngineError ever escapes, and the schema documents itself.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EngineError, listTemplates, normalizeRenderParams, renderKey, RenderParamsSchema, DEFAULT_TEMPLATE_ID } from '../src/index.ts';

function fieldsOf(input: unknown): Record<string, string> {
  try {
    normalizeRenderParams(input, { today: '2026-11-22' });
  } catch (err) {
    assert.ok(err instanceof EngineError, `not an EngineError: ${String(err)}`);
    return Object.fromEntries((err.fields ?? []).map((f) => [f.field, f.message]));
  }
  assert.fail('expected a validation error');
}

describe('normalizeRenderParams', () => {
  it('fills defaults and resolves aliases', () => {
    const p = normalizeRenderParams({ location: '  Santiago   de Chile ', compositionId: 'social-clip', format: 'portrait', temperature: 9, pm25: 87.4 }, { today: '2026-11-22' });
    assert.deepEqual(p, {
      location: 'Santiago de Chile',
      template: 'social-clip',
      language: 'es',
      aqiStandard: 'us-epa',
      format: 'portrait',
      resolution: '1080p',
      date: '2026-11-22',
      pm25: 87.4,
      temperatura: 9,
    });
    const d = normalizeRenderParams({ location: 'X' }, { today: '2026-01-02' });
    assert.equal(d.template, DEFAULT_TEMPLATE_ID);
    assert.equal(d.format, 'landscape');
    assert.match(normalizeRenderParams({ location: 'X' }).date, /^\d{4}-\d{2}-\d{2}$/);
  });

  it('is idempotent on normalized params', () => {
    const p = normalizeRenderParams({ location: 'Lima', pm10: 40, language: 'en' }, { today: '2026-11-22' });
    assert.deepEqual(normalizeRenderParams(p), p);
  });

  it('names every bad field at once', () => {
    const f = fieldsOf({
      location: '',
      pm25: -1,
      pm10: 'high',
      no2: 6000,
      o3: Number.NaN,
      so2: Number.POSITIVE_INFINITY,
      co: 500,
      temperatura: 99,
      humidity: 101,
      language: 'de',
      aqiStandard: 'who',
      format: 'vertical',
      resolution: '4k',
      date: '22/11/2026',
      extra: true,
    });
    assert.deepEqual(Object.keys(f).sort(), ['aqiStandard', 'co', 'date', 'extra', 'format', 'humidity', 'language', 'location', 'no2', 'o3', 'pm10', 'pm25', 'resolution', 'so2', 'temperatura'].sort());
    assert.match(f.language as string, /es, en, pt/);
    assert.match(f.pm25 as string, /between 0 and 2000/);
  });

  it('requires location, and not blank', () => {
    assert.ok('location' in fieldsOf({}));
    assert.ok('location' in fieldsOf({ location: '   ' }));
    assert.ok('location' in fieldsOf({ location: 'x'.repeat(121) }));
    assert.equal(normalizeRenderParams({ location: 'x'.repeat(120) }).location.length, 120);
  });

  it('template and compositionId must agree; temperature and temperatura too', () => {
    assert.match(fieldsOf({ location: 'A', template: 'daily-report', compositionId: 'social-clip' }).compositionId as string, /must equal template/);
    assert.ok('temperature' in fieldsOf({ location: 'A', temperatura: 9, temperature: 10 }));
    assert.equal(normalizeRenderParams({ location: 'A', temperatura: 9, temperature: 9 }).temperatura, 9);
  });

  it('unknown template → unknown_template naming the known ids', () => {
    try {
      normalizeRenderParams({ location: 'A', template: 'nope', pm25: -3 });
      assert.fail('should throw');
    } catch (err) {
      assert.ok(err instanceof EngineError);
      assert.equal(err.code, 'unknown_template');
      const f = Object.fromEntries((err.fields ?? []).map((x) => [x.field, x.message]));
      for (const t of listTemplates()) assert.match(f.template as string, new RegExp(t.id));
      assert.ok('pm25' in f, 'other bad fields are still reported');
    }
    assert.ok('compositionId' in fieldsOf({ location: 'A', compositionId: 'nope' }));
  });

  it('a format the template does not support → field format', () => {
    assert.match(fieldsOf({ location: 'A', template: 'social-clip', format: 'landscape' }).format as string, /portrait, square/);
  });

  it('rejects impossible calendar dates', () => {
    assert.ok('date' in fieldsOf({ location: 'A', date: '2026-02-30' }));
    assert.equal(normalizeRenderParams({ location: 'A', date: '2024-02-29' }).date, '2024-02-29');
  });

  it('never throws anything but EngineError', () => {
    const weird: unknown[] = [null, undefined, 0, 1, 'x', '', true, [], [{ location: 'A' }], {}, Number.NaN, { location: null }, { location: 5 },
      { location: 'A', pm25: null }, { location: 'A', pm25: {} }, { location: 'A', template: 7 }, { location: 'A', language: null }, { location: 'A', date: 20261122 },
      Object.create(null), { location: ['A'] }, { __proto__: { location: 'A' } }, { location: 'A', format: ['portrait'] }, { location: 'A', template: '' }];
    for (const w of weird) {
      try {
        normalizeRenderParams(w);
      } catch (err) {
        assert.ok(err instanceof EngineError, `input ${JSON.stringify(w)} threw ${String(err)}`);
        assert.ok(['invalid_params', 'unknown_template'].includes(err.code));
        assert.ok((err.fields ?? []).length > 0);
      }
    }
  });
});

describe('RenderParamsSchema', () => {
  it('documents every property with a description and examples', () => {
    for (const [name, prop] of Object.entries(RenderParamsSchema.properties)) {
      assert.ok(typeof prop.description === 'string' && prop.description.length > 10, `${name} description`);
      assert.ok(Array.isArray(prop.examples) && prop.examples.length > 0, `${name} examples`);
    }
    assert.equal(RenderParamsSchema.additionalProperties, false);
    assert.deepEqual(RenderParamsSchema.required, ['location']);
  });
});

describe('renderKey', () => {
  it('is stable under key order and changes with content', () => {
    const a = normalizeRenderParams({ location: 'A', pm25: 10, no2: 3 }, { today: '2026-11-22' });
    const b = normalizeRenderParams({ no2: 3, pm25: 10, location: 'A' }, { today: '2026-11-22' });
    assert.equal(renderKey(a), renderKey(b));
    assert.match(renderKey(a), /^[0-9a-f]{64}$/);
    assert.notEqual(renderKey(a), renderKey({ ...a, pm25: 11 }));
    assert.notEqual(renderKey(a), renderKey({ ...a, template: 'weather-brief' }));
  });
});

describe('series', () => {
  const points = (n: number, from = Date.UTC(2026, 10, 22)) => Array.from({ length: n }, (_, i) => ({ at: new Date(from + i * 3600_000).toISOString(), value: 10 + i }));
  it('is kept, in UTC, with its time zone (default UTC)', () => {
    const p = normalizeRenderParams({ location: 'Lima', template: 'trend', series: { pollutant: 'pm25', kind: 'observed', points: [{ at: '2026-11-22T07:00:00-05:00', value: 12 }, { at: '2026-11-22T08:00:00-05:00', value: 14.5 }] } });
    assert.deepEqual(p.series, { pollutant: 'pm25', kind: 'observed', points: [{ at: '2026-11-22T12:00:00.000Z', value: 12 }, { at: '2026-11-22T13:00:00.000Z', value: 14.5 }], timeZone: 'UTC' });
  });
  it('refuses points out of order, too many points, unknown time zones and bad values, naming series', () => {
    const bad = [
      { pollutant: 'pm25', kind: 'observed', points: [...points(2)].reverse() },
      { pollutant: 'pm25', kind: 'observed', points: points(169) },
      { pollutant: 'pm25', kind: 'forecast', points: points(3), timeZone: 'Mars/Olympus' },
      { pollutant: 'pm25', kind: 'forecast', points: [{ at: 'yesterday', value: 1 }, { at: '2026-11-22T00:00:00Z', value: -4 }] },
      { pollutant: 'smoke', kind: 'observed', points: points(2) },
    ];
    for (const series of bad) {
      assert.throws(() => normalizeRenderParams({ location: 'Lima', series }), (e: EngineError) => e.code === 'invalid_params' && e.fields!.some((f) => f.field === 'series'), JSON.stringify(series).slice(0, 80));
    }
  });
  it('changes the render key', () => {
    const a = normalizeRenderParams({ location: 'Lima', template: 'trend', date: '2026-11-22', series: { pollutant: 'pm25', kind: 'observed', points: points(3) } });
    const b = normalizeRenderParams({ location: 'Lima', template: 'trend', date: '2026-11-22', series: { pollutant: 'pm25', kind: 'observed', points: points(4) } });
    assert.notEqual(renderKey(a), renderKey(b));
  });
});

describe('listTemplates', () => {
  it('lists the templates, the default first, each 10–20 s', () => {
    const list = listTemplates();
    assert.deepEqual(list.map((t) => t.id), ['daily-report', 'pollution-alert', 'social-clip', 'weather-brief', 'trend', 'ranking', 'comparison', 'station-map']);
    assert.deepEqual(list.filter((t) => t.isDefault).map((t) => t.id), ['daily-report']);
    for (const t of list) {
      assert.ok(t.durationSec >= 10 && t.durationSec <= 20);
      assert.ok(t.name && t.description && t.version && t.formats.length && t.params.includes('location'));
    }
  });
});

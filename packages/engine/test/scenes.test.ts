// The default report as a storyboard: its lengths, the scenes each length tells, and a
// length the template does not offer refused by name.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EngineError, listTemplates, normalizeRenderParams, sceneTimeline } from '../src/index.ts';

const VALUES = { location: 'Ciudad de México', pm25: 41.2, pm10: 88, no2: 37, o3: 112, temperatura: 21, humidity: 48, date: '2026-11-22', resolution: '360p' as const, language: 'en' as const };

describe('daily-report scenes', () => {
  it('lists 15, 30 and 60 s, 15 the default; every other template lists its own length', () => {
    for (const t of listTemplates()) {
      assert.ok(t.durations.includes(t.durationSec), t.id);
      if (t.id === 'daily-report') assert.deepEqual([t.durationSec, t.durations], [15, [15, 30, 60]]);
    }
  });

  for (const format of ['landscape', 'portrait', 'square'] as const) {
    for (const durationSec of [15, 30, 60]) {
      it(`${format} ${durationSec} s: scenes follow each other from 0 to the end, none longer than it can keep moving`, () => {
        const tl = sceneTimeline(normalizeRenderParams({ ...VALUES, format, durationSec }));
        assert.equal(tl[0]?.start, 0);
        assert.ok(Math.abs((tl.at(-1)?.end ?? 0) - durationSec) < 1e-9);
        for (let i = 1; i < tl.length; i++) assert.equal(tl[i]?.start, tl[i - 1]?.end, `scene ${i} starts where ${i - 1} ends`);
        for (const s of tl) assert.ok(s.end > s.start && s.shows.length > 0 && !/undefined|NaN|null/.test(s.shows), JSON.stringify(s));
        assert.deepEqual([tl[0]?.kind, tl.at(-1)?.kind], ['title', 'source']);
      });
    }
  }

  it('a 30 s comparison tells more than its 15 s: each pollutant alone, then what each side means for both advice groups', () => {
    const places = [{ name: 'Temuco', pm25: 80, no2: 30, o3: 90 }, { name: 'Santiago', pm25: 20, no2: 12, o3: 60 }];
    const tl = (durationSec: number) => sceneTimeline(normalizeRenderParams({ ...VALUES, template: 'comparison', places, durationSec }));
    const t15 = tl(15);
    const t30 = tl(30);
    assert.equal(t15.filter((s) => s.kind === 'pollutant').length, 0);
    assert.deepEqual(t30.filter((s) => s.kind === 'pollutant').map((s) => s.id), ['pollutant-pm25', 'pollutant-no2', 'pollutant-o3']);
    const meaning = t30.find((s) => s.kind === 'sensitive');
    assert.match(meaning?.shows ?? '', /Temuco.*Sensitive groups.*Santiago.*Sensitive groups/);
    // The scenes the 15 s tells are all there, in the same order, and none is stretched beyond what the 15 s gives it.
    assert.deepEqual(t30.filter((s) => t15.some((x) => x.id === s.id)).map((s) => s.id), t15.map((s) => s.id));
    for (const s of t15) {
      const long = t30.find((x) => x.id === s.id);
      assert.ok(long && long.end - long.start <= (s.end - s.start) * 1.15, `${s.id}: ${s.end - s.start} s at 15 s, ${long ? long.end - long.start : '?'} s at 30 s`);
    }
    assert.throws(() => normalizeRenderParams({ ...VALUES, template: 'comparison', places, durationSec: 60 }), (e: unknown) => e instanceof EngineError && (e.fields ?? []).some((f) => f.field === 'durationSec'));
  });

  it('a longer video tells more: each pollutant in turn and both advice groups at 30 s, the recommendations at 60 s', () => {
    const kinds = (durationSec: number) => sceneTimeline(normalizeRenderParams({ ...VALUES, durationSec })).map((s) => s.kind);
    const k15 = kinds(15);
    const k30 = kinds(30);
    const k60 = kinds(60);
    assert.equal(k15.filter((k) => k === 'pollutant').length, 0);
    assert.ok(k15.includes('pollutants'));
    assert.equal(k30.filter((k) => k === 'pollutant').length, 4);
    const advice30 = sceneTimeline(normalizeRenderParams({ ...VALUES, durationSec: 30 })).find((s) => s.kind === 'advice');
    assert.match(advice30?.shows ?? '', /Sensitive groups/);
    assert.ok(k60.includes('sensitive') && k60.includes('recommendations'));
    assert.ok(k60.length > k30.length && k30.length > k15.length);
  });

  it('a length the template does not offer is refused, naming durationSec', () => {
    for (const [template, durationSec] of [['daily-report', 45], ['pollution-alert', 30]] as const) {
      assert.throws(
        () => normalizeRenderParams({ ...VALUES, template, durationSec }),
        (e: unknown) => e instanceof EngineError && e.code === 'invalid_params' && JSON.stringify(e.fields).includes('durationSec'),
      );
    }
    assert.throws(() => normalizeRenderParams({ ...VALUES, durationSec: 15.5 }), (e: unknown) => e instanceof EngineError && JSON.stringify(e.fields).includes('durationSec'));
  });

  it('the default length stays implicit, so renders keep their key', () => {
    assert.equal(normalizeRenderParams({ ...VALUES, durationSec: 15 }).durationSec, undefined);
    assert.equal(normalizeRenderParams({ ...VALUES, durationSec: 30 }).durationSec, 30);
  });
});

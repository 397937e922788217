// The narration on the engine's scene timeline: each sentence over the scene that
// shows it, never before that scene, never over the sentence before; a model's
// sentence is matched to a scene by the facts' numbers it states.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizeRenderParams, sceneTimeline, type SceneTiming } from '@aqcast/engine';
import { analyze } from './analysis.js';
import { reportFacts } from './facts.js';
import { fitSpeedup, kindOfSentence, placeOnScenes, SCENES_FOR } from './placement.js';
import { writeOffline } from './text.js';

const OPTS = { leadSec: 0.5, gapSec: 0.3 };
const scene = (id: string, kind: SceneTiming['kind'], start: number, end: number): SceneTiming => ({ id, kind, start, end, shows: id });

test('a sentence waits for its scene, and never starts over the one before', () => {
  const scenes = [scene('title', 'title', 0, 2.2), scene('index', 'index', 2.2, 6), scene('pollutants', 'pollutants', 6, 9.5), scene('advice', 'advice', 9.5, 12.2), scene('source', 'source', 12.2, 15)];
  const placed = placeOnScenes(
    [
      { kind: 'opening', durationSec: 3 },
      { kind: 'dominant', durationSec: 2 },
      { kind: 'who', durationSec: 2.5 },
      { kind: 'advice', durationSec: 3 },
    ],
    scenes,
    OPTS,
  );
  assert.deepEqual(placed.map((p) => p.scene), ['title', 'pollutants', 'pollutants', 'advice']);
  assert.deepEqual(placed.map((p) => Math.round(p.start * 1000) / 1000), [0.5, 6, 8.3, 11.1], 'dominant waits for the pollutants; advice follows who, its scene being on already');
  for (let i = 1; i < placed.length; i++) assert.ok((placed[i]?.start ?? 0) >= (placed[i - 1]?.end ?? 0) + 0.3 - 1e-9);
});

test('scenes are never visited backwards; a sentence with no scene of its kind ahead follows the one before', () => {
  const scenes = [scene('title', 'title', 0, 3), scene('advice', 'advice', 3, 8), scene('weather', 'weather', 8, 12)];
  const placed = placeOnScenes([{ kind: 'opening', durationSec: 2 }, { kind: 'advice', durationSec: 2 }, { kind: 'dominant', durationSec: 1 }, { kind: null, durationSec: 1 }], scenes, OPTS);
  assert.deepEqual(placed.map((p) => [p.scene, p.start]), [['title', 0.5], ['advice', 3], [null, 5.3], [null, 6.6]]);
});

test('a template of one scene: one sentence after the other from the lead-in', () => {
  const placed = placeOnScenes([{ kind: 'opening', durationSec: 2 }, { kind: 'advice', durationSec: 1.5 }], [scene('social-clip', 'report', 0, 10)], OPTS);
  assert.deepEqual(placed.map((p) => [p.start, p.end]), [[0.5, 2.5], [2.8, 4.3]]);
});

test('every kind of sentence has a scene of the daily report to go to, in each language and length', () => {
  for (const durationSec of [15, 30, 60]) {
    for (const language of ['es', 'en', 'pt'] as const) {
      const params = normalizeRenderParams({ location: 'Santiago', pm25: 87.4, no2: 42, o3: 80, temperatura: 9, humidity: 64, language, durationSec, date: '2026-11-22' });
      const scenes = sceneTimeline(params);
      const kinds = new Set(scenes.map((s) => s.kind));
      for (const [k, wanted] of Object.entries(SCENES_FOR)) {
        if (k === 'trend') continue; // a series scene exists only for the trend template
        assert.ok(wanted.some((w) => kinds.has(w)), `${durationSec} s ${language}: no scene for ${k} among ${[...kinds].join(', ')}`);
      }
      const a = analyze({ values: { pm25: 87.4, no2: 42, o3: 80, temperatura: 9, humidity: 64 }, standards: ['us-epa'], language, date: '2026-11-22', location: 'Santiago' });
      const text = writeOffline(reportFacts(a, 'Santiago'), { template: 'daily-report', durationSec });
      const placed = placeOnScenes(text.segments.map((s) => ({ kind: s.kind, durationSec: 2 })), scenes, OPTS);
      for (const [i, p] of placed.entries()) {
        const on = scenes.find((s) => s.id === p.scene);
        assert.ok(on, `${durationSec} s ${language}: "${text.segments[i]?.kind}" has a scene`);
        assert.ok(p.start >= on.start, `${text.segments[i]?.kind} starts at ${p.start}, before its scene ${on.id} (${on.start})`);
      }
    }
  }
});

test("a model's sentence is matched by the facts' numbers it states", () => {
  const a = analyze({ values: { pm25: 87.4, no2: 42, temperatura: 9, humidity: 64 }, standards: ['us-epa'], language: 'es', date: '2026-11-22', location: 'Santiago' });
  const f = reportFacts(a, 'Santiago');
  assert.equal(kindOfSentence(f, `Atención: en Santiago el índice AQI llega a ${f.index}.`), 'opening');
  assert.equal(kindOfSentence(f, 'Las partículas finas llegan a 87,4 microgramos por metro cúbico.'), 'dominant');
  assert.equal(kindOfSentence(f, 'Hay 9 grados y 64 % de humedad.'), 'weather');
  assert.equal(kindOfSentence(f, 'Evite el ejercicio intenso al aire libre.'), null);
  assert.equal(kindOfSentence(f, 'Las partículas llegan a 187,4 microgramos.'), null, 'a number is matched whole, not inside a longer one');
});

test('a narration that runs past the report is spoken faster by what the speech after the last wait must absorb, within the limit', () => {
  const gap = { gapSec: 0.3, maxSpeedup: 1.2 };
  // Ends at 12.5 of 14: it fits as it is.
  assert.equal(fitSpeedup([3, 2], [0.5, 10.5], { ...gap, endSec: 14 }), 1);
  // The second sentence waits for its scene at 10; from there 4 s of speech must end by 13.5: 4 / 3.5.
  const f = fitSpeedup([3, 4], [0.5, 10], { ...gap, endSec: 13.5 });
  assert.ok(Math.abs(f - 4 / 3.5) < 1e-9, String(f));
  // Two sentences run on from 10 (a 0.3 s pause): both shorten, 6 s of speech must lose 1 s: 6 / 5.
  const g = fitSpeedup([3, 2, 4], [0.5, 10, 12.3], { ...gap, endSec: 15.3 });
  assert.ok(Math.abs(g - 6 / 5) < 1e-9, String(g));
  // Far over: the most the narrator may speed up (the video's last scene is lengthened for the rest).
  assert.equal(fitSpeedup([3, 4], [0.5, 10], { ...gap, endSec: 11 }), 1.2);
  assert.equal(fitSpeedup([], [], { ...gap, endSec: 1 }), 1);
});

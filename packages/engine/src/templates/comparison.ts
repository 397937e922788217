/**
 * Comparison — two places, or one place at two times (today against yesterday, the
 * forecast against what was observed), side by side, told as a storyboard: the title
 * ("Temuco vs Santiago"), the two sides with their index, category and place on the
 * standard's scale, the pollutants pair by pair, and the difference in words ("The air
 * is worse in Temuco than in Santiago. Index 152 against 87: 65 points higher, two
 * categories worse"). The sides are the first two of `places`.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { POLLUTANT_NAME, POLLUTANT_SYMBOL, RENDER_UNIT } from '@aqcast/vocabulary';
import { drawBackdrop } from '../draw/background.js';
import { legibleOn, readableTextOn, rgba } from '../draw/color.js';
import { easeOutCubic, progress } from '../draw/easing.js';
import { drawScaleBarTrack, drawScaleBarValue, type ScaleBar } from '../draw/gauge.js';
import { panel, roundRectPath, stripedPanel } from '../draw/shapes.js';
import { makeSprite, type Sprite } from '../draw/sprite.js';
import { drawBlock, drawText, ellipsize, fitSize, inkDescent, layoutBlock, measure } from '../draw/text.js';
import { computeAqi } from '../aqi/index.js';
import type { PollutantId } from '../aqi/types.js';
import { formatDate, formatNumber } from '../i18n/format.js';
import { ADVICE, MESSAGES } from '../i18n/messages.js';
import { PLACES_MESSAGES, type PlacesMessages } from '../i18n/places.js';
import { SENSITIVE_ADVICE } from '../i18n/sensitive-advice.js';
import { canonicalJson } from '../params/canonical-json.js';
import { valuesOf, type PlaceInput } from '../params/places.js';
import type { RenderParams } from '../params/types.js';
import { measureContext } from './measure.js';
import { drawCategoryPill, drawHeader, drawWrappedPill, INK, layoutHeader, MUTED, NEUTRAL, pillWidth, wrappedPill } from './parts.js';
import { viewPlace, type PlaceView } from './places-view.js';
import { distribute, drawStageFooter, stageFor } from './stage.js';
import { createStoryboard, type Live, type Piece, type SceneSpec } from './storyboard.js';
import type { Rect, SceneInput, TemplateDefinition, TemplateScene } from './types.js';

const DURATION = 15;
/** 30 s tells more: each pollutant in a scene of its own, and what each side's category means for everyone and for sensitive groups. */
const DURATIONS = [DURATION, 30] as const;
const POLLUTANT_ORDER: readonly PollutantId[] = ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co'];

export interface ComparisonSide {
  view: PlaceView;
  values: Partial<Record<PollutantId, number>>;
  /** The side's heading: the place's name, or "Today", "Yesterday", "Forecast", a date. */
  title: string;
  /** A smaller line under the heading (the date of a place's values), or null. */
  subtitle: string | null;
  /** How a sentence names the side ("Temuco", "yesterday", "in the forecast"). */
  phrase: string;
}

export interface Comparison {
  /** Two places, or one place at two times. */
  mode: 'places' | 'times';
  a: ComparisonSide;
  b: ComparisonSide;
  /** Fewer than two places were given: `a` is the render's own location, `b` the same, and only `a` is shown. */
  single: boolean;
  /** The video's title: "Temuco vs Santiago", or the place's name. */
  title: string;
  /** Under the title: the render's date, or "Today vs Yesterday". */
  subtitle: string;
  /** `a` against `b`; null when either side has no rated value. */
  how: 'worse' | 'better' | 'same' | null;
  /** The difference in words: the verdict sentence. */
  verdict: string;
  /** The figures behind it ("Index 152 against 87: 65 points higher, two categories worse"), or null. */
  detail: string | null;
}

function dayBefore(isoDate: string): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

const sameName = (x: string, y: string) => x.trim().toLocaleLowerCase() === y.trim().toLocaleLowerCase();

/** Whether the two inputs tell one place at two times: one name, told apart by date or forecast. */
function isTimes(a: PlaceInput, b: PlaceInput): boolean {
  return sameName(a.name, b.name) && (a.date !== b.date || Boolean(a.forecast) !== Boolean(b.forecast));
}

function timeSide(params: RenderParams, m: PlacesMessages, p: PlaceInput, other: PlaceInput): { title: string; phrase: string; subtitle: string | null } {
  const lang = params.language;
  const dateText = p.date ? formatDate(lang, p.date) : null;
  if (p.forecast && !other.forecast) return { title: m.whenTitle.forecast, phrase: m.when.forecast, subtitle: dateText };
  if (!p.forecast && other.forecast && p.date === other.date) return { title: m.whenTitle.observed, phrase: m.when.observed, subtitle: dateText };
  const fc = p.forecast ? ` · ${m.whenTitle.forecast}` : '';
  if (p.date === params.date) return { title: m.whenTitle.today + fc, phrase: m.when.today, subtitle: dateText };
  if (p.date && p.date === dayBefore(params.date)) return { title: m.whenTitle.yesterday + fc, phrase: m.when.yesterday, subtitle: dateText };
  if (dateText) return { title: dateText + fc, phrase: m.when.on(dateText), subtitle: null };
  return { title: p.forecast ? m.whenTitle.forecast : m.whenTitle.observed, phrase: p.forecast ? m.when.forecast : m.when.observed, subtitle: null };
}

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** The two sides of a comparison (the first two `places`) and the difference between them, in words. */
export function compare(params: RenderParams): Comparison | null {
  const [pa, pb] = params.places ?? [];
  if (!pa || !pb) return null;
  const m = PLACES_MESSAGES[params.language];
  const lang = params.language;
  const va = viewPlace(params, pa);
  const vb = viewPlace(params, pb);
  const times = isTimes(pa, pb);
  let a: ComparisonSide;
  let b: ComparisonSide;
  if (times) {
    a = { view: va, values: valuesOf(pa), ...timeSide(params, m, pa, pb) };
    b = { view: vb, values: valuesOf(pb), ...timeSide(params, m, pb, pa) };
  } else {
    const sub = (p: PlaceInput) => [p.date ? formatDate(lang, p.date) : '', p.forecast ? m.whenTitle.forecast : ''].filter(Boolean).join(' · ') || null;
    a = { view: va, values: valuesOf(pa), title: pa.name, subtitle: sub(pa), phrase: pa.name };
    b = { view: vb, values: valuesOf(pb), title: pb.name, subtitle: sub(pb), phrase: pb.name };
  }
  let how: Comparison['how'] = null;
  let detail: string | null = null;
  if (va.level !== null && vb.level !== null && va.position !== null && vb.position !== null) {
    const ia = va.index;
    const ib = vb.index;
    const close = ia !== null && ib !== null ? Math.abs(ia - ib) <= Math.max(2, 0.05 * Math.max(ia, ib)) : va.position === vb.position;
    how = va.level === vb.level && close ? 'same' : va.level > vb.level || (va.level === vb.level && va.position > vb.position) ? 'worse' : 'better';
    const levels = va.level === vb.level ? m.sameCategory(va.label ?? '') : m.levelDiff(Math.abs(va.level - vb.level), va.level > vb.level);
    detail = ia !== null && ib !== null && va.indexText && vb.indexText
      ? `${m.indexDiff(va.indexText, vb.indexText, formatNumber(lang, Math.abs(ia - ib), 0), ia >= ib)}, ${levels}`
      : capitalize(levels);
  }
  const verdict = how === null ? m.cannotCompare : times ? m.timesVerdict(pa.name, a.phrase, b.phrase, how) : m.placesVerdict(pa.name, pb.name, how);
  return {
    mode: times ? 'times' : 'places',
    a,
    b,
    single: false,
    title: times ? pa.name : `${pa.name} ${m.versus} ${pb.name}`,
    subtitle: times ? `${a.title} ${m.versus} ${b.title}` : formatDate(lang, params.date),
    how,
    verdict,
    detail,
  };
}

/** A pollutant either side carries, with each side's value and its place on the standard's scale. */
interface PollutantPair {
  id: PollutantId;
  symbol: string;
  unit: string;
  /** Each side's value, its place on the pollutant's scale, and the category of its sub-index. */
  sides: { text: string; position: number | null; color: string | null; label: string | null }[];
}

/** The sides shown: both, or the one of a comparison given a single place. */
function sidesOf(cmp: Comparison): ComparisonSide[] {
  return cmp.single ? [cmp.a] : [cmp.a, cmp.b];
}

function pollutantPairs(params: RenderParams, cmp: Comparison): PollutantPair[] {
  const lang = params.language;
  const all = sidesOf(cmp).map((s) => s.values);
  return POLLUTANT_ORDER.filter((k) => all.some((v) => v[k] !== undefined)).map((k) => ({
    id: k,
    symbol: POLLUTANT_SYMBOL[k][lang],
    unit: RENDER_UNIT[k],
    sides: all.map((vs) => vs[k]).map((v) => {
      if (v === undefined) return { text: '—', position: null, color: null, label: null };
      const r = computeAqi(params.aqiStandard, { [k]: v }, { date: params.date });
      return { text: formatNumber(lang, v, k === 'co' ? 2 : 1), position: r.position, color: r.category?.color ?? null, label: r.category?.labels[lang] ?? null };
    }),
  }));
}

export function createComparison(input: SceneInput): TemplateScene {
  const { params, content: c, width: W, height: H, pixelScale: px, format } = input;
  const stage = stageFor(format, W, H, input);
  const u = stage.unit;
  const ctx = measureContext();
  const pm = PLACES_MESSAGES[params.language];
  const cmp = compare(params) ?? fallback(params);
  const worse = cmp.how === 'better' ? cmp.b : cmp.a;
  const accent = worse.view.color ?? NEUTRAL;
  const body = stage.body;
  // Side by side in landscape; stacked where the frame is as tall as it is wide or taller.
  const stacked = format !== 'landscape';
  const gap = 40 * u;
  const sides = sidesOf(cmp);
  const subtitle = [cmp.subtitle, c.temperature ? `${c.temperature.valueText} ${c.temperature.unit}` : '', c.humidity ? `${c.humidity.valueText} ${c.humidity.unit}` : ''].filter(Boolean).join('  ·  ');

  const scenes: SceneSpec[] = [];

  // 1. Title: "Temuco vs Santiago" (or the place), with the date or "Today vs Yesterday".
  scenes.push({
    id: 'title',
    kind: 'title',
    shows: `${pm.comparison}: ${cmp.title}, ${subtitle}`,
    weight: 2,
    build: () => {
      const spec =
        format === 'landscape'
          ? { size: 92, minSize: 44, maxLines: 3, overlineSize: 26, dateSize: 34 }
          : format === 'portrait'
            ? { size: 104, minSize: 46, maxLines: 5, overlineSize: 30, dateSize: 40 }
            : { size: 76, minSize: 36, maxLines: 4, overlineSize: 22, dateSize: 30 };
      const hc = { ...c, location: cmp.title, dateLong: subtitle };
      const hl = layoutHeader(ctx, hc, `${pm.comparison} · ${c.standardName}`, body.w, spec);
      const header = makeSprite(body.w, hl.height, px, (g) => drawHeader(g, hc, hl, accent), 8);
      const y = body.y + (body.h - hl.height - 40) / 2;
      const ruleY = y + hl.height + 18;
      const rule: Live = {
        from: 0.3,
        to: 1.5,
        rect: { x: stage.left - 4, y: ruleY, w: body.w + 8, h: 16 },
        draw(g, tl, alpha) {
          const e = easeOutCubic(progress(tl, 0.3, 1.2));
          if (e <= 0) return;
          g.save();
          g.globalAlpha *= alpha;
          const part = body.w / sides.length;
          sides.forEach((side, i) => {
            roundRectPath(g, stage.left + i * part + (i ? 8 : 0), ruleY + 4, (part - 8) * e, 8, 4);
            g.fillStyle = side.view.color ?? NEUTRAL;
            g.fill();
          });
          g.restore();
        },
      };
      return { pieces: [{ sprite: header, x: stage.left, y, at: 0.1, from: 'left' }], lives: [rule] };
    },
  });

  // 2. The two sides: index, category and the place on the scale.
  const cards: Rect[] = cmp.single
    ? [body]
    : stacked
    ? [0, 1].map((i) => ({ x: body.x, y: body.y + i * ((body.h - gap) / 2 + gap), w: body.w, h: (body.h - gap) / 2 }))
    : [0, 1].map((i) => ({ x: body.x + i * ((body.w - gap) / 2 + gap), y: body.y, w: (body.w - gap) / 2, h: body.h }));
  scenes.push({
    id: 'sides',
    kind: 'index',
    shows: sides.map((s) => `${s.title}: ${s.view.indexText ?? ''} ${s.view.label ?? unratedText(s, c.m)}`.replace(/\s+/g, ' ')).join('; '),
    weight: 4.6,
    build: () => {
      const pieces: Piece[] = [];
      const lives: Live[] = [];
      sides.forEach((side, i) => {
        const box = cards[i]!;
        const { sprite, bar } = sideCard(side, box, px, c.scale, unratedText(side, c.m), u);
        // No spotlight outline: around a card this large its anti-aliased edge differs between full and partial redraws.
        pieces.push({ sprite, x: box.x, y: box.y, at: 0.2 + i * 0.3, from: stacked ? 'below' : i === 0 ? 'left' : 'right', focus: true });
        const position = side.view.position;
        if (position !== null) {
          const abs: ScaleBar = { ...bar, x: box.x + bar.x, y: box.y + bar.y };
          const reach = abs.h * 0.95 + 26;
          lives.push({
            from: 0.9 + i * 0.3,
            to: 2.1 + i * 0.3,
            rect: { x: abs.x - reach, y: abs.y - reach, w: abs.w + 2 * reach, h: abs.h + 2 * reach, bleed: 26 },
            draw(g, tl, alpha) {
              const e = easeOutCubic(progress(tl, 0.9 + i * 0.3, 1.2));
              g.save();
              g.globalAlpha *= alpha * Math.min(1, e * 3);
              drawScaleBarValue(g, abs, position * e, side.view.color ?? NEUTRAL);
              g.restore();
            },
          });
        }
      });
      if (cmp.single) return { pieces, lives };
      // "vs" between the cards.
      const vsD = 92 * u;
      const vs = makeSprite(vsD, vsD, px, (g) => {
        g.beginPath();
        g.arc(vsD / 2, vsD / 2, vsD / 2 - 2, 0, Math.PI * 2);
        g.fillStyle = '#10162B';
        g.fill();
        g.lineWidth = 3;
        g.strokeStyle = rgba('#FFFFFF', 0.5);
        g.stroke();
        drawText(g, pm.versus.toUpperCase(), vsD / 2, vsD / 2 + vsD * 0.13, { size: vsD * 0.36, weight: 800, color: INK, align: 'center' });
      }, 6);
      const a = cards[0]!;
      const vx = stacked ? body.x + body.w / 2 - vsD / 2 : a.x + a.w + gap / 2 - vsD / 2;
      const vy = stacked ? a.y + a.h + gap / 2 - vsD / 2 : body.y + body.h * 0.3 - vsD / 2;
      pieces.push({ sprite: vs, x: vx, y: vy, at: 0.7, from: 'pop' });
      return { pieces, lives };
    },
  });

  // 3. The pollutants, pair by pair.
  const pairs = pollutantPairs(params, cmp);
  scenes.push({
    id: 'pollutants',
    kind: 'pollutants',
    shows: pairs.map((p) => `${p.symbol} ${p.sides.map((s) => s.text).join(` ${pm.versus} `)} ${p.unit}`).join(', '),
    weight: 3.4,
    build: () => {
      const headH = 64 * u;
      const rowsBox: Rect = { x: body.x, y: body.y + headH + 16 * u, w: body.w, h: body.h - headH - 16 * u };
      // Portrait and square have the height to spare: taller rows (their figures grow with them), no empty band below.
      const rowH = Math.min((format === 'landscape' ? 140 : 260) * u, (rowsBox.h - (pairs.length - 1) * 16 * u) / Math.max(1, pairs.length));
      const head = makeSprite(body.w, headH, px, (g) => drawColumnHeads(g, sides, body.w, headH, u), 4);
      // The heads sit right above the rows, the block in the middle of the body.
      const tops = distribute(body, [headH, ...pairs.map(() => rowH)], 12 * u, (format === 'landscape' ? 30 : 64) * u);
      const pieces: Piece[] = [{ sprite: head, x: body.x, y: tops[0] ?? body.y, at: 0.1, from: 'fade' }];
      pairs.forEach((p, i) => {
        const sprite = makeSprite(body.w, rowH, px, (g) => drawPairRow(g, p, body.w, rowH, u), 8);
        pieces.push({ sprite, x: body.x, y: tops[i + 1] ?? rowsBox.y, at: 0.3 + i * 0.18, from: 'below', focus: true, radius: 20 * u });
      });
      return { pieces };
    },
  });

  // At 30 s: each pollutant alone (both values, each sub-index's category), then what each side's category means.
  const long = input.durationSec >= 30 && !cmp.single;
  if (long) {
    for (const p of pairs) {
      scenes.push({
        id: `pollutant-${p.id}`,
        kind: 'pollutant',
        shows: `${p.symbol}: ${p.sides.map((s, i) => `${sides[i]?.title ?? ''} ${s.text} ${p.unit}${s.label ? ` (${s.label})` : ''}`).join(', ')}`,
        weight: 2.4,
        build: () => {
          // The pollutant's name as the scene's title, the column heads, its row (taller where the frame is), each side's category.
          const name = POLLUTANT_NAME[p.id][params.language];
          const titleBlock = layoutBlock(ctx, `${p.symbol} · ${name}`, { maxWidth: body.w, maxLines: 2, size: 56 * u, minSize: 34 * u, weight: 800, leading: 1.1 });
          const headH = 64 * u;
          // Square has the least height to spare around it: the row takes more of it.
          const rowH = Math.min(body.h * (format === 'square' ? 0.52 : 0.45), (format === 'landscape' ? 220 : format === 'square' ? 620 : 300) * u);
          const chipH = (format === 'square' ? 72 : 64) * u;
          const labelW = body.w * 0.22;
          const colW = (body.w - labelW) / p.sides.length;
          const tops = distribute(body, [titleBlock.height, headH, rowH, chipH], 16 * u, (format === 'landscape' ? 60 : 150) * u);
          const title = makeSprite(body.w, titleBlock.height, px, (g) => drawBlock(g, titleBlock, 0, 0, { color: legibleOn(accent), weight: 800 }), 6);
          const head = makeSprite(body.w, headH, px, (g) => drawColumnHeads(g, sides, body.w, headH, u), 4);
          const row = makeSprite(body.w, rowH, px, (g) => drawPairRow(g, p, body.w, rowH, u), 8);
          const pieces: Piece[] = [
            { sprite: title, x: body.x, y: tops[0] ?? body.y, at: 0, from: 'left' },
            { sprite: head, x: body.x, y: tops[1] ?? body.y, at: 0.1, from: 'fade' },
            { sprite: row, x: body.x, y: tops[2] ?? body.y, at: 0.25, from: 'below', focus: true, radius: 20 * u },
          ];
          p.sides.forEach((ps, i) => {
            const label = ps.label ?? c.m.notRated;
            const maxW = colW - 24 * u;
            const pill = wrappedPill(ctx, label, chipH, maxW);
            const chip = ps.color
              ? makeSprite(pill.w, pill.h, px, (g) => drawWrappedPill(g, { label, color: ps.color ?? NEUTRAL, textColor: readableTextOn(ps.color ?? NEUTRAL) }, pill), 40)
              : makeSprite(maxW, chipH, px, (g) => drawText(g, ellipsize(g, label, maxW, chipH * 0.42, 700), 0, chipH / 2 + chipH * 0.15, { size: chipH * 0.42, weight: 700, color: MUTED }), 4);
            // A two-line pill is centred on the row a one-line pill takes.
            const y = (tops[3] ?? body.y) + (chipH - (ps.color ? pill.h : chipH)) / 2;
            pieces.push({ sprite: chip, x: body.x + labelW + i * colW, y, at: 0.6 + i * 0.25, from: 'pop', focus: true, radius: Math.min(chipH / 2, (ps.color ? pill.h : chipH) / 2) });
          });
          return { pieces };
        },
      });
    }
    scenes.push({
      id: 'meaning',
      kind: 'sensitive',
      shows: sides.map((side) => [side.title, ...meaningOf(params, side).map((n) => `${n.title}: ${n.text}`)].join('. ')).join(' '),
      weight: 4.4,
      build: () => {
        const w = stacked ? body.w : (body.w - gap) / 2;
        const h = stacked ? (body.h - gap) / 2 : body.h;
        const pieces: Piece[] = sides.map((side, i) => ({
          sprite: makeSprite(w, h, px, (g) => drawMeaningPanel(g, side, meaningOf(params, side), unratedText(side, c.m), w, h, u), 30),
          x: stacked ? body.x : body.x + i * (w + gap),
          y: stacked ? body.y + i * (h + gap) : body.y,
          at: 0.15 + i * 0.3,
          from: stacked ? 'below' : i === 0 ? 'left' : 'right',
          focus: true,
          radius: 24 * u,
        }));
        return { pieces };
      },
    });
  }

  // 4. The difference in words.
  scenes.push({
    id: 'difference',
    kind: 'advice',
    shows: [cmp.verdict, cmp.detail].filter(Boolean).join(' '),
    weight: 4.6,
    build: () => {
      const verdictSize = format === 'landscape' ? 84 : format === 'portrait' ? 76 : 84;
      const vb = layoutBlock(ctx, cmp.verdict, { maxWidth: body.w, maxLines: format === 'portrait' ? 6 : 4, size: verdictSize, minSize: verdictSize * 0.55, weight: 800, leading: 1.12 });
      const detailSize = 34 * u;
      const db = cmp.detail ? layoutBlock(ctx, `${cmp.detail}.`, { maxWidth: body.w, maxLines: 3, size: detailSize, minSize: detailSize * 0.7, weight: 500, leading: 1.25 }) : null;
      // Square has height to fill and no room for more lines: taller side chips.
      const chipH = (format === 'square' ? 140 : 96) * u;
      const chipW = stacked || cmp.single ? body.w : (body.w - gap) / 2;
      const heights = [vb.height, ...(db ? [db.height] : []), stacked ? sides.length * chipH + (sides.length - 1) * 20 * u : chipH];
      // Generous gaps: the sentence high, the sides low, no empty band at either end.
      const tops = distribute(body, heights, 28 * u, (format === 'square' ? 110 : 180) * u);
      const verdict = makeSprite(body.w, vb.height, px, (g) => drawBlock(g, vb, 0, 0, { color: INK, weight: 800 }), 6);
      // The verdict takes part in the spotlight, so the top of the frame moves too.
      const pieces: Piece[] = [{ sprite: verdict, x: body.x, y: tops[0] ?? body.y, at: 0.15, from: 'left', focus: true }];
      if (db) {
        const detail = makeSprite(body.w, db.height, px, (g) => drawBlock(g, db, 0, 0, { color: MUTED, weight: 500 }), 4);
        pieces.push({ sprite: detail, x: body.x, y: tops[1] ?? body.y, at: 0.4, from: 'fade' });
      }
      const chipsTop = tops[tops.length - 1] ?? body.y;
      const twoLines = sides.some((side) => !chipFitsOneLine(ctx, side, chipW, chipH, unratedText(side, c.m)));
      sides.forEach((side, i) => {
        const sprite = makeSprite(chipW, chipH, px, (g) => drawChip(g, side, chipW, chipH, unratedText(side, c.m), twoLines), 12);
        const x = stacked ? body.x : body.x + i * (chipW + gap);
        const y = stacked ? chipsTop + i * (chipH + 20 * u) : chipsTop;
        pieces.push({ sprite, x, y, at: 0.6 + i * 0.2, from: 'below', focus: true, radius: chipH / 2 });
      });
      return { pieces };
    },
  });

  return createStoryboard({
    W,
    H,
    fps: input.fps,
    duration: input.durationSec,
    ...(input.extendLastSec ? { extendLastSec: input.extendLastSec } : {}),
    scenes,
    accent,
    focusColor: legibleOn(accent),
    posterScene: 'index',
    staticKey: canonicalJson({ t: 'comparison', accent, footer: [c.m.standard, c.standardName, c.sourceLine], format }),
    drawStatic(g) {
      drawBackdrop(g, { width: W, height: H, accent, glowAt: format === 'portrait' ? [0.5, 0.4] : [0.5, 0.3] });
      drawStageFooter(g, stage, c);
    },
  });
}

/** Without two places: the render's own location alone, and a verdict that says a second side is needed. */
function fallback(params: RenderParams): Comparison {
  const values: Partial<Record<PollutantId, number>> = {};
  for (const k of POLLUTANT_ORDER) {
    const v = params[k];
    if (v !== undefined) values[k] = v;
  }
  const view = viewPlace(params, { name: params.location, values });
  const side: ComparisonSide = { view, values, title: params.location, subtitle: null, phrase: params.location };
  const m = PLACES_MESSAGES[params.language];
  return { mode: 'places', a: side, b: side, single: true, title: params.location, subtitle: formatDate(params.language, params.date), how: null, verdict: m.needsTwo, detail: null };
}

/** One side's card: heading, the index large, the category pill, the main pollutant, the scale's track. */
/** What a side without a category says: no values at all, or values the standard does not rate. */
function unratedText(side: ComparisonSide, m: { notRated: string; noPollutantData: string }): string {
  return Object.keys(side.values).length === 0 ? m.noPollutantData : m.notRated;
}

function sideCard(side: ComparisonSide, box: Rect, px: number, scale: ScaleBar['scale'], notRated: string, u: number): { sprite: Sprite; bar: ScaleBar } {
  const { w, h } = box;
  const k = Math.min(1.25, Math.min(w / 820, h / 560) * 1.1);
  const pad = 44 * k;
  const color = side.view.color ?? NEUTRAL;
  const barH = 18 * k;
  const labelSize = Math.max(13, 17 * k);
  const bar: ScaleBar = { x: pad, y: h - pad - labelSize * 2.6 - barH - 12, w: w - 2 * pad, h: barH, scale, labelSize };
  const sprite = makeSprite(w, h, px, (g) => {
    panel(g, 0, 0, w, h, 28 * u);
    g.save();
    roundRectPath(g, 0, 0, w, h, 28 * u);
    g.clip();
    g.fillStyle = rgba(color, 0.16);
    g.fillRect(0, 0, w, h);
    g.fillStyle = color;
    g.fillRect(0, 0, w, 10 * k);
    g.restore();
    const ctx = g;
    const tb = layoutBlock(ctx, side.title, { maxWidth: w - 2 * pad, maxLines: 2, size: 50 * k, minSize: 28 * k, weight: 800, leading: 1.06 });
    let y = pad + 10 * k;
    drawBlock(ctx, tb, pad, y, { color: INK, weight: 800 });
    y += tb.height;
    if (side.subtitle) {
      const s = 26 * k;
      drawText(ctx, ellipsize(ctx, side.subtitle, w - 2 * pad, s, 500), pad, y + s * 1.2, { size: s, weight: 500, color: MUTED });
      y += s * 1.6;
    }
    // Index and category share a line when the category fits there whole, else the pill
    // goes under the number (a smaller number, then); the group sits in the middle of
    // the room between the heading and the scale.
    const room = bar.y - y - 30 * k;
    const big = side.view.indexText;
    const cat = side.view.label !== null && side.view.color !== null ? { label: side.view.label, color: side.view.color, textColor: readableTextOn(side.view.color) } : null;
    const pillH = 58 * k;
    const mainH = side.view.mainText ? 26 * k * 1.7 : 0;
    let bigSize = Math.max(40 * k, Math.min(230 * k, room * 0.6));
    const besideX = (size: number) => (big ? pad + measure(ctx, big, size, 800) + 28 * k : pad);
    const pillNeeds = cat ? measure(ctx, cat.label, pillH * 0.38, 700) + pillH : 0;
    const under = w - pad - besideX(bigSize) < Math.max(180 * k, pillNeeds);
    if (under) bigSize = Math.max(40 * k, Math.min(bigSize, (room - 20 * k - 28 * k - pillH - mainH) / 0.75));
    const bx = besideX(bigSize);
    const groupH = bigSize * 0.75 + (under ? 28 * k + pillH : 0) + mainH;
    const baseY = y + Math.max(20 * k, (room - groupH) / 2) + bigSize * 0.75;
    if (big) drawText(ctx, big, pad, baseY, { size: bigSize, weight: 800, color: INK });
    const pillRoom = w - pad - bx;
    const pillX = under ? pad : bx;
    // What goes under the number clears its ink below the baseline (English groups thousands with a comma).
    const descent = big ? inkDescent(ctx, big, bigSize, 800) : 0;
    const pillY = under ? baseY + Math.max(18 * k, descent + 10 * k) : baseY - bigSize * 0.4 - pillH / 2;
    if (cat) {
      const pw = pillWidth(ctx, cat.label, pillH, under ? w - 2 * pad : pillRoom);
      ctx.save();
      ctx.translate(pillX, pillY);
      drawCategoryPill(ctx, cat, pw.w, pillH, pw.size);
      ctx.restore();
    } else {
      const s = 32 * k;
      drawText(ctx, ellipsize(ctx, notRated, w - pillX - pad, s, 700), pillX, pillY + pillH / 2 + s * 0.36, { size: s, weight: 700, color: MUTED });
    }
    if (side.view.mainText) {
      const s = 26 * k;
      const my = under ? pillY + pillH + s * 1.6 : baseY + Math.max(s * 1.7, descent + s * 1.1);
      if (my < bar.y - 8) drawText(ctx, ellipsize(ctx, side.view.mainText, w - 2 * pad, s, 500), pad, my, { size: s, weight: 500, color: MUTED });
    }
    drawScaleBarTrack(ctx, bar);
  }, 20);
  return { sprite, bar };
}

/** Column heads of the pollutant pairs: the two sides' titles over their columns. */
function drawColumnHeads(g: SKRSContext2D, sides: ComparisonSide[], w: number, h: number, u: number): void {
  const labelW = w * 0.22;
  const colW = (w - labelW) / sides.length;
  sides.forEach((side, i) => {
    const x = labelW + i * colW;
    const s = fitSize(g, side.title, colW - 24 * u, 34 * u, 22 * u, 800);
    g.fillStyle = side.view.color ?? NEUTRAL;
    g.fillRect(x, h - 6 * u, colW - 24 * u, 5 * u);
    drawText(g, ellipsize(g, side.title, colW - 24 * u, s, 800), x, h - 22 * u, { size: s, weight: 800, color: INK });
  });
}

/** One pollutant: its symbol and unit, then each side's value over a bar to its place on the scale. */
function drawPairRow(g: SKRSContext2D, p: PollutantPair, w: number, h: number, u: number): void {
  const labelW = w * 0.22;
  const colW = (w - labelW) / p.sides.length;
  panel(g, 0, 0, w, h, 20 * u);
  // Grows with a taller row, and shrinks to fit its column: a symbol is a few characters, never cut short ("N…" says nothing).
  // It ends a clear gap before the first value (a large "NO₂" right against "37" reads as one word).
  const symSize = fitSize(g, p.symbol, labelW - 56 * u, Math.min(40 * u * Math.max(1, h / (140 * u)), h * 0.34), 12 * u, 800);
  drawText(g, p.symbol, 28 * u, h * 0.48, { size: symSize, weight: 800, color: INK });
  // The unit keeps to the label column too (a tall row's large symbol would push it into the values).
  drawText(g, p.unit, 28 * u, h * 0.48 + symSize * 0.9, { size: fitSize(g, p.unit, labelW - 40 * u, symSize * 0.55, 14 * u, 500), weight: 500, color: MUTED });
  p.sides.forEach((s, i) => {
    const x = labelW + i * colW;
    // Grows with the row, but never wider than its column (a four-digit value beside the other side's).
    const valSize = fitSize(g, s.text, colW - 48 * u, Math.min(44 * u * Math.max(1, h / (140 * u)), h * 0.36), 24 * u, 800);
    drawText(g, s.text, x, h * 0.46, { size: valSize, weight: 800, color: s.color ? INK : MUTED });
    const barW = colW - 48 * u;
    const barH = Math.max(8, h * 0.1);
    const by = h * 0.64;
    roundRectPath(g, x, by, barW, barH, barH / 2);
    g.fillStyle = 'rgba(255,255,255,0.08)';
    g.fill();
    if (s.position !== null) {
      roundRectPath(g, x, by, Math.max(barH, barW * s.position), barH, barH / 2);
      g.fillStyle = s.color ?? NEUTRAL;
      g.fill();
    }
  });
}

/** What a side's overall category means: the advice for everyone and for sensitive groups (none without a category). */
function meaningOf(params: RenderParams, side: ComparisonSide): { title: string; text: string }[] {
  const severity = computeAqi(params.aqiStandard, side.values, { date: params.date }).category?.severity;
  if (severity === undefined) return [];
  const m = MESSAGES[params.language];
  return [
    { title: m.everyone, text: ADVICE[severity][params.language] },
    { title: m.sensitiveGroups, text: SENSITIVE_ADVICE[severity][params.language] },
  ];
}

/** One side's meaning: its title and category, then each group's advice; the words shrink until they fit the panel. */
function drawMeaningPanel(g: SKRSContext2D, side: ComparisonSide, notes: { title: string; text: string }[], notRated: string, w: number, h: number, u: number): void {
  const color = side.view.color ?? NEUTRAL;
  stripedPanel(g, w, h, 24 * u, color, 10 * u, 0.1);
  const pad = 40 * u;
  const inner = w - 2 * pad;
  const layout = (k: number) => {
    const titleSize = 44 * u * k;
    const labelSize = 30 * u * k;
    const overSize = 19 * u * k;
    const blocks = notes.map((n) => layoutBlock(g, n.text, { maxWidth: inner, maxLines: 4, size: 30 * u * k, minSize: 22 * u * k, weight: 500, leading: 1.25 }));
    const height = titleSize * 1.3 + labelSize * 1.6 + blocks.reduce((a, b) => a + overSize * 2 + b.height + 18 * u * k, 0);
    return { titleSize, labelSize, overSize, blocks, height };
  };
  let l = layout(1);
  for (let k = 0.9; l.height > h - 2 * pad && k > 0.5; k -= 0.1) l = layout(k);
  let y = Math.max(pad, (h - l.height) / 2);
  const ts = fitSize(g, side.title, inner, l.titleSize, l.titleSize * 0.6, 800);
  drawText(g, ellipsize(g, side.title, inner, ts, 800), pad, y + l.titleSize, { size: ts, weight: 800, color: INK });
  y += l.titleSize * 1.3;
  const label = [side.view.indexText, side.view.label ?? notRated].filter(Boolean).join(' · ');
  drawText(g, ellipsize(g, label, inner, l.labelSize, 700), pad, y + l.labelSize * 1.15, { size: l.labelSize, weight: 700, color: side.view.color ? legibleOn(color) : MUTED });
  y += l.labelSize * 1.6;
  notes.forEach((n, i) => {
    const block = l.blocks[i];
    if (!block) return;
    drawText(g, ellipsize(g, n.title.toUpperCase(), inner, l.overSize, 700), pad, y + l.overSize * 1.5, { size: l.overSize, weight: 700, color: MUTED, tracking: 3 });
    y += l.overSize * 2;
    drawBlock(g, block, pad, y, { color: INK, weight: 500 });
    y += block.height + 18 * u * (l.overSize / (19 * u));
  });
}

/** A side's index and category, as its chip shows them. */
function chipRating(side: ComparisonSide, notRated: string): string {
  return [side.view.indexText, side.view.label ?? notRated].filter(Boolean).join(' · ');
}

/** Whether a side's title and rating fit whole on one line of a w × h chip. */
function chipFitsOneLine(g: SKRSContext2D, side: ComparisonSide, w: number, h: number, notRated: string): boolean {
  return measure(g, side.title, h * 0.34, 800) + h * 0.6 + measure(g, chipRating(side, notRated), h * 0.3, 700) <= w - h * 1.35;
}

/**
 * A side in the verdict scene: a dot in its colour, its title, its index and category —
 * on one line, or (`twoLines`, when one side's do not fit whole) the rating under the
 * title, so a long category ("Insalubre para grupos sensíveis") is never cut.
 */
function drawChip(g: SKRSContext2D, side: ComparisonSide, w: number, h: number, notRated: string, twoLines: boolean): void {
  const color = side.view.color ?? NEUTRAL;
  panel(g, 0, 0, w, h, h / 2);
  g.beginPath();
  g.arc(h / 2, h / 2, h * 0.3, 0, Math.PI * 2);
  g.fillStyle = color;
  g.fill();
  const rating = chipRating(side, notRated);
  const ratingColor = side.view.color ? legibleOn(color) : MUTED;
  const left = h * 0.95;
  const avail = w - h * 1.35;
  if (!twoLines) {
    const rs = h * 0.3;
    const ns = h * 0.34;
    drawText(g, rating, w - h * 0.4, h / 2 + rs * 0.36, { size: rs, weight: 700, color: ratingColor, align: 'right' });
    drawText(g, ellipsize(g, side.title, avail - h * 0.6 - measure(g, rating, rs, 700), ns, 800), left, h / 2 + ns * 0.36, { size: ns, weight: 800, color: INK });
    return;
  }
  const ts = fitSize(g, side.title, avail, h * 0.3, h * 0.2, 800);
  const cs = fitSize(g, rating, avail, h * 0.24, h * 0.16, 700);
  const gap = h * 0.06;
  const top = (h - (ts + gap + cs)) / 2;
  drawText(g, ellipsize(g, side.title, avail, ts, 800), left, top + ts * 0.86, { size: ts, weight: 800, color: INK });
  drawText(g, ellipsize(g, rating, avail, cs, 700), left, top + ts + gap + cs * 0.86, { size: cs, weight: 700, color: ratingColor });
}

export const comparison: TemplateDefinition = {
  id: 'comparison',
  name: 'Comparison',
  description: 'Two places, or one place at two times (today against yesterday, the forecast against the observation), side by side: each one\'s index, category and place on the scale, the pollutants pair by pair, and the difference in words. The sides are the first two of the places param. 15 s; 30 s adds each pollutant in a scene of its own and what each side\'s category means for everyone and for sensitive groups.',
  formats: ['landscape', 'portrait', 'square'],
  params: ['location', 'places', 'language', 'aqiStandard', 'date', 'provenance'],
  version: '1.4.2',
  durationSec: DURATION,
  durations: DURATIONS,
  create: createComparison,
};

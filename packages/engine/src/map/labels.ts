/**
 * Label placement for map markers by collision avoidance. Each label, most important
 * first, tries the eight spots around its marker; then the same spots with its text
 * shortened (an ellipsis); then spots further out on rings, joined to the marker by a
 * leader line. A spot is taken only when the label's box lies inside the bounds and
 * overlaps no marker, no label placed before it and no leader line, and its own
 * leader crosses no other marker or label. A label with no such spot is left out (its
 * marker still shows): a label never overlaps another or leaves the frame.
 */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LabelMarker {
  x: number;
  y: number;
  /** Radius of the marker, design px. */
  r: number;
}

export interface LabelRequest {
  /** Index of the marker the label belongs to. */
  marker: number;
  text: string;
  /** Higher goes first (gets the best spot). */
  priority: number;
}

export interface PlacedLabel {
  marker: number;
  /** The text as drawn (shortened with "…" when the whole did not fit). */
  text: string;
  box: Box;
  /** From the marker's edge to the box, when the label sits away from its marker. */
  leader: { x1: number; y1: number; x2: number; y2: number } | null;
}

export interface LabelOptions {
  bounds: Box;
  /** Width of `text` as drawn. */
  measure: (text: string) => number;
  /** Height of a label's box. */
  height: number;
  /** Horizontal padding inside the box, each side. */
  padX: number;
  /** Gap between a marker and its label. */
  gap: number;
  /** Extra room kept clear around every box. */
  margin?: number;
  /** Boxes no label may cover and no leader may cross (the map's scale chip). */
  avoid?: readonly Box[];
}

export function boxesOverlap(a: Box, b: Box, margin = 0): boolean {
  return a.x < b.x + b.w + margin && b.x < a.x + a.w + margin && a.y < b.y + b.h + margin && b.y < a.y + a.h + margin;
}

export function inside(a: Box, bounds: Box): boolean {
  return a.x >= bounds.x && a.y >= bounds.y && a.x + a.w <= bounds.x + bounds.w && a.y + a.h <= bounds.y + bounds.h;
}

function markerBox(m: LabelMarker): Box {
  return { x: m.x - m.r, y: m.y - m.r, w: 2 * m.r, h: 2 * m.r };
}

/** Whether the segment p→q passes through box b (Liang–Barsky). */
export function segmentHitsBox(x1: number, y1: number, x2: number, y2: number, b: Box): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const edges: [number, number][] = [
    [-dx, x1 - b.x],
    [dx, b.x + b.w - x1],
    [-dy, y1 - b.y],
    [dy, b.y + b.h - y1],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  return t0 <= t1;
}

/** Shorter forms of `text`: whole words first, then cut with an ellipsis, never under 4 characters. */
export function shortenings(text: string): string[] {
  const out: string[] = [];
  const chars = [...text];
  for (const frac of [0.7, 0.5, 0.35]) {
    const n = Math.max(4, Math.floor(chars.length * frac));
    if (n >= chars.length) continue;
    const cut = chars.slice(0, n).join('').trimEnd().replace(/[\s,;:·—–-]+$/u, '');
    const candidate = `${cut}…`;
    if (cut.length >= 3 && !out.includes(candidate)) out.push(candidate);
  }
  return out;
}

export function placeLabels(markers: readonly LabelMarker[], requests: readonly LabelRequest[], o: LabelOptions): PlacedLabel[] {
  const margin = o.margin ?? 2;
  const obstacles: Box[] = [...markers.map(markerBox), ...(o.avoid ?? [])];
  const leaders: { x1: number; y1: number; x2: number; y2: number }[] = [];
  const placed: PlacedLabel[] = [];
  const order = [...requests].sort((a, b) => b.priority - a.priority || a.marker - b.marker);

  const fits = (box: Box, own: number, leader: PlacedLabel['leader']): boolean => {
    if (!inside(box, o.bounds)) return false;
    for (let i = 0; i < obstacles.length; i++) {
      const ob = obstacles[i];
      if (!ob) continue;
      // A label may touch nothing but its own marker's surroundings; it never covers a marker.
      if (boxesOverlap(box, ob, margin)) return false;
      if (leader && i !== own && i < markers.length && segmentHitsBox(leader.x1, leader.y1, leader.x2, leader.y2, ob)) return false;
      if (leader && i >= markers.length && segmentHitsBox(leader.x1, leader.y1, leader.x2, leader.y2, ob)) return false;
    }
    for (const l of leaders) if (segmentHitsBox(l.x1, l.y1, l.x2, l.y2, box)) return false;
    return true;
  };

  const around = (m: LabelMarker, w: number, d: number): Box[] => {
    const h = o.height;
    return [
      { x: m.x + d, y: m.y - h / 2, w, h },
      { x: m.x - d - w, y: m.y - h / 2, w, h },
      { x: m.x - w / 2, y: m.y - d - h, w, h },
      { x: m.x - w / 2, y: m.y + d, w, h },
      { x: m.x + d * 0.7, y: m.y - d * 0.7 - h, w, h },
      { x: m.x - d * 0.7 - w, y: m.y - d * 0.7 - h, w, h },
      { x: m.x + d * 0.7, y: m.y + d * 0.7, w, h },
      { x: m.x - d * 0.7 - w, y: m.y + d * 0.7, w, h },
    ];
  };

  for (const req of order) {
    const m = markers[req.marker];
    if (!m) continue;
    const texts = [req.text, ...shortenings(req.text)];
    let done: PlacedLabel | null = null;
    // Next to the marker: the whole text, then shorter.
    for (const text of texts) {
      const w = o.measure(text) + 2 * o.padX;
      for (const box of around(m, w, m.r + o.gap)) {
        if (fits(box, req.marker, null)) {
          done = { marker: req.marker, text, box, leader: null };
          break;
        }
      }
      if (done) break;
    }
    // Away from it on rings, with a leader line: the whole text, then shorter.
    if (!done) {
      outer: for (const text of texts) {
        const w = o.measure(text) + 2 * o.padX;
        for (const ring of [2.2, 3.4, 4.8, 6.5]) {
          const d = m.r + o.gap + o.height * ring;
          for (let k = 0; k < 16; k++) {
            const a = (k / 16) * Math.PI * 2;
            const cx = m.x + Math.cos(a) * d;
            const cy = m.y + Math.sin(a) * d;
            // The box hangs off the ring point on the side away from the marker.
            const box = { x: Math.cos(a) >= 0 ? cx : cx - w, y: cy - o.height / 2, w, h: o.height };
            const ex = Math.max(box.x, Math.min(m.x, box.x + box.w));
            const ey = Math.max(box.y, Math.min(m.y, box.y + box.h));
            const len = Math.hypot(ex - m.x, ey - m.y) || 1;
            const leader = { x1: m.x + ((ex - m.x) / len) * m.r, y1: m.y + ((ey - m.y) / len) * m.r, x2: ex, y2: ey };
            if (fits(box, req.marker, leader)) {
              done = { marker: req.marker, text, box, leader };
              break outer;
            }
          }
        }
      }
    }
    if (!done) continue;
    placed.push(done);
    obstacles.push(done.box);
    if (done.leader) leaders.push(done.leader);
  }
  return placed.sort((a, b) => a.marker - b.marker);
}

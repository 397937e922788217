/** Shared arithmetic of index tables and band scales. */

/** One row of an index table: concentrations cLo…cHi map linearly onto iLo…iHi. */
export interface IndexRow {
  cLo: number;
  cHi: number;
  iLo: number;
  iHi: number;
}

/**
 * The linear-interpolation formula of the US AQI (and of Brazil's IQAr, Chile's ICAP):
 * I = (iHi − iLo)/(cHi − cLo) × (C − cLo) + iLo, over the first row whose cHi ≥ C.
 * A value in a gap between rows takes the next row's iLo; above the table the last
 * row is extrapolated (AirNow reports values beyond 500 the same way). Unrounded.
 */
export function interpolateIndex(c: number, rows: readonly IndexRow[]): number {
  for (const row of rows) {
    if (c <= row.cHi) {
      if (c < row.cLo) return row.iLo;
      return ((row.iHi - row.iLo) / (row.cHi - row.cLo)) * (c - row.cLo) + row.iLo;
    }
  }
  const last = rows[rows.length - 1];
  if (!last) throw new Error('empty index table');
  return ((last.iHi - last.iLo) / (last.cHi - last.cLo)) * (c - last.cLo) + last.iLo;
}

/** The first band whose inclusive upper limit is ≥ x (the last band is open-ended). */
export function bandOf(x: number, upperLimits: readonly number[]): number {
  for (let i = 0; i < upperLimits.length; i++) {
    if (x <= (upperLimits[i]!)) return i;
  }
  return upperLimits.length;
}

/**
 * Gauge position of x on a scale of `upperLimits.length + 1` equal slices: the band's
 * slice plus the fraction of the way through it. The open top band reaches `top`
 * (default: half its lower limit again), past which the position is pinned at 1.
 */
export function positionOnBands(x: number, upperLimits: readonly number[], top?: number): number {
  const n = upperLimits.length + 1;
  const level = bandOf(x, upperLimits);
  const lo = level === 0 ? 0 : (upperLimits[level - 1]!);
  const hi = level < upperLimits.length ? (upperLimits[level]!) : (top ?? lo * 1.5);
  const frac = hi > lo ? Math.min(1, Math.max(0, (x - lo) / (hi - lo))) : 1;
  return Math.min(1, (level + frac) / n);
}

/**
 * The statistics of a variant test, as pure functions (no I/O, no clock).
 *
 * Model: each arm's conversion rate p has a uniform prior, Beta(1, 1); after
 * `c` conversions among `n` exposed units its posterior is Beta(1 + c, 1 + n − c).
 * From the posteriors:
 * - the chance that each arm is best, P(p_i = max_j p_j), and
 * - the expected loss of choosing it, E[max_j p_j − p_i] (what choosing it costs,
 *   in conversion rate, averaged over what the rates may be).
 * Two arms are computed exactly (Evan Miller's closed-form sum, and the loss
 * from the same sum on shifted parameters, as in Chris Stucchio's decision
 * rule); more arms by quadrature over the posteriors' densities.
 *
 * A frequentist second opinion: a two-sided two-proportion z-test of each arm
 * against the control (the first arm). And a sample-ratio-mismatch check:
 * Pearson's chi-square of the exposures against the weights, k − 1 degrees of
 * freedom. Every special function works in log space (log-gamma), so counts in
 * the millions neither overflow nor underflow.
 */

// ---- special functions ---------------------------------------------------

const LANCZOS_G = 7;
const LANCZOS_COEFFICIENTS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
] as const;
const HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`logGamma: x must be positive, got ${x}`);
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let series = LANCZOS_COEFFICIENTS[0];
  for (let i = 1; i < LANCZOS_COEFFICIENTS.length; i++) series += LANCZOS_COEFFICIENTS[i]! / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return HALF_LOG_TWO_PI + (z + 0.5) * Math.log(t) - t + Math.log(series);
}

/** ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b). */
export function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

const EPSILON = 1e-15;
const TINY = 1e-300;
const MAX_ITERATIONS = 100_000;

/** The lower regularized incomplete gamma function P(a, x) = γ(a, x) / Γ(a). */
export function regularizedGammaP(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0)) throw new RangeError(`regularizedGammaP: needs a > 0 and x ≥ 0, got a=${a}, x=${x}`);
  if (x === 0) return 0;
  return x < a + 1 ? gammaSeries(a, x) : 1 - gammaContinuedFraction(a, x);
}

/** The upper regularized incomplete gamma function Q(a, x) = 1 − P(a, x), accurate where it is tiny. */
export function regularizedGammaQ(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0)) throw new RangeError(`regularizedGammaQ: needs a > 0 and x ≥ 0, got a=${a}, x=${x}`);
  if (x === 0) return 1;
  return x < a + 1 ? 1 - gammaSeries(a, x) : gammaContinuedFraction(a, x);
}

/** P(a, x) by its power series (converges fast for x < a + 1). */
function gammaSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_ITERATIONS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

/** Q(a, x) by its continued fraction, modified Lentz (converges fast for x ≥ a + 1). */
function gammaContinuedFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** P(Z > z) for a standard normal Z (through erfc(t) = Q(1/2, t²), so the far tail keeps its digits). */
export function normalSurvival(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  const half = 0.5 * regularizedGammaQ(0.5, (z * z) / 2);
  return z >= 0 ? half : 1 - half;
}

/** P(Z ≤ z) for a standard normal Z. */
export function normalCdf(z: number): number {
  return normalSurvival(-z);
}

/** P(X ≥ x) for X chi-square distributed with `degreesOfFreedom`: Q(k/2, x/2). */
export function chiSquareSurvival(x: number, degreesOfFreedom: number): number {
  if (!(degreesOfFreedom > 0)) throw new RangeError(`chiSquareSurvival: degrees of freedom must be positive, got ${degreesOfFreedom}`);
  if (x <= 0) return 1;
  return regularizedGammaQ(degreesOfFreedom / 2, x / 2);
}

// ---- Beta posteriors: two arms, exactly ------------------------------------

/** A Beta(alpha, beta) distribution; with a uniform prior alpha = 1 + conversions, beta = 1 + non-conversions. */
export interface BetaPosterior {
  alpha: number;
  beta: number;
}

/** The posterior of a rate after `conversions` among `exposures`, from the uniform prior Beta(1, 1). */
export function posteriorOf(exposures: number, conversions: number): BetaPosterior {
  if (!Number.isInteger(exposures) || !Number.isInteger(conversions) || conversions < 0 || conversions > exposures) {
    throw new RangeError(`posteriorOf: needs integers 0 ≤ conversions ≤ exposures, got ${conversions}/${exposures}`);
  }
  return { alpha: 1 + conversions, beta: 1 + exposures - conversions };
}

export function posteriorMean(p: BetaPosterior): number {
  return p.alpha / (p.alpha + p.beta);
}

export function posteriorSd(p: BetaPosterior): number {
  const s = p.alpha + p.beta;
  return Math.sqrt((p.alpha * p.beta) / (s * s * (s + 1)));
}

/**
 * Evan Miller's sum for P(X > Y), X ~ Beta(aX, bX), Y ~ Beta(aY, bY), aX an
 * integer: Σ_{i<aX} B(aY+i, bX+bY) / ((bX+i) B(1+i, bX) B(aY, bY)). Each term
 * is the previous one times (aY+i)(bX+i) / ((aY+bX+bY+i)(i+1)), so only the
 * first needs log-Beta. The terms are multiplied out relative to the first one
 * (whose size is kept as a logarithm) and rescaled before they could overflow.
 */
function millerSum(aX: number, bX: number, aY: number, bY: number): number {
  let logScale = logBeta(aY, bX + bY) - logBeta(aY, bY);
  let term = 1;
  let sum = 1;
  for (let i = 0; i < aX - 1; i++) {
    term *= ((aY + i) * (bX + i)) / ((aY + bX + bY + i) * (i + 1));
    sum += term;
    if (sum > RESCALE_ABOVE) {
      term /= RESCALE_ABOVE;
      sum /= RESCALE_ABOVE;
      logScale += LOG_RESCALE;
    }
  }
  return Math.exp(logScale + Math.log(sum));
}

const RESCALE_ABOVE = 1e200;
const LOG_RESCALE = Math.log(RESCALE_ABOVE);

/** Above this many terms the exact sum gives way to quadrature (the sum costs one logarithm per term). */
export const MAX_EXACT_TERMS = 2_000_000;

/**
 * P(X > Y) for independent Beta variables with integer parameters, exactly.
 * Of the four equivalent forms of the sum (over aX, over aY with 1 − P(Y > X),
 * and the same two on 1 − X and 1 − Y) the one with the fewest terms is used.
 */
export function probabilityGreater(x: BetaPosterior, y: BetaPosterior): number {
  for (const v of [x.alpha, x.beta, y.alpha, y.beta]) if (!Number.isInteger(v) || v < 1) throw new RangeError(`probabilityGreater: parameters must be integers ≥ 1, got ${v}`);
  const forms: [number, () => number][] = [
    [x.alpha, () => millerSum(x.alpha, x.beta, y.alpha, y.beta)],
    [y.alpha, () => 1 - millerSum(y.alpha, y.beta, x.alpha, x.beta)],
    // X > Y exactly when 1 − Y > 1 − X, and 1 − X ~ Beta(bX, aX).
    [y.beta, () => millerSum(y.beta, y.alpha, x.beta, x.alpha)],
    [x.beta, () => 1 - millerSum(x.beta, x.alpha, y.beta, y.alpha)],
  ];
  forms.sort((a, b) => a[0] - b[0]);
  return clamp01(forms[0]![1]());
}

/**
 * E[max(X − Y, 0)]: the expected loss of choosing Y when X may be better.
 * E[X·1{X>Y}] = E[X]·P(X⁺ > Y) with X⁺ ~ Beta(aX + 1, bX) (size-biasing), so the
 * loss is E[X]·P(X⁺ > Y) − E[Y]·P(X > Y⁺), both exact sums.
 */
export function expectedShortfall(x: BetaPosterior, y: BetaPosterior): number {
  const xPlus = { alpha: x.alpha + 1, beta: x.beta };
  const yPlus = { alpha: y.alpha + 1, beta: y.beta };
  return Math.max(0, posteriorMean(x) * probabilityGreater(xPlus, y) - posteriorMean(y) * probabilityGreater(x, yPlus));
}

function exactTerms(p: BetaPosterior[]): number {
  return Math.min(...p.flatMap((q) => [q.alpha, q.beta])) + 1;
}

// ---- Beta posteriors: any number of arms, by quadrature --------------------

/** Grid points per arm, spread over its mean ± {@link GRID_SDS} standard deviations. */
const GRID_POINTS = 4001;
const GRID_SDS = 20;

function logDensity(p: BetaPosterior, logNorm: number, x: number): number {
  const left = p.alpha === 1 ? 0 : x <= 0 ? -Infinity : (p.alpha - 1) * Math.log(x);
  const right = p.beta === 1 ? 0 : x >= 1 ? -Infinity : (p.beta - 1) * Math.log1p(-x);
  return left + right - logNorm;
}

function armRange(p: BetaPosterior): [number, number] {
  const m = posteriorMean(p);
  const s = posteriorSd(p);
  return [Math.max(0, m - GRID_SDS * s), Math.min(1, m + GRID_SDS * s)];
}

/** Densities and CDFs of every arm on one grid (the union of the arms' own grids). */
function gridOf(posteriors: BetaPosterior[]): { x: Float64Array; density: Float64Array[]; cdf: Float64Array[] } {
  const points: number[] = [];
  for (const p of posteriors) {
    const [lo, hi] = armRange(p);
    for (let i = 0; i < GRID_POINTS; i++) points.push(lo + ((hi - lo) * i) / (GRID_POINTS - 1));
  }
  points.sort((a, b) => a - b);
  const x = Float64Array.from(points.filter((v, i) => i === 0 || v !== points[i - 1]));
  const density = posteriors.map((p) => {
    const logNorm = logBeta(p.alpha, p.beta);
    return x.map((v) => Math.exp(logDensity(p, logNorm, v)));
  });
  // Each CDF by the cumulative trapezoid rule, normalized to end at 1 (the mass beyond 20 sd is negligible).
  const cdf = density.map((f) => {
    const F = new Float64Array(x.length);
    for (let i = 1; i < x.length; i++) F[i] = F[i - 1]! + ((f[i]! + f[i - 1]!) / 2) * (x[i]! - x[i - 1]!);
    const total = F[x.length - 1]!;
    return total > 0 ? F.map((v) => v / total) : F;
  });
  return { x, density, cdf };
}

/**
 * P(best) and expected loss of every arm by quadrature:
 * P(i best) = ∫ f_i(x) Π_{j≠i} F_j(x) dx and E[max_j p_j − p_i] = ∫ (F_i(x) − Π_j F_j(x)) dx
 * (the second integrand is never negative, so small losses keep their digits).
 */
export function bestArmByQuadrature(posteriors: BetaPosterior[]): { probabilityBest: number[]; expectedLoss: number[] } {
  const { x, density, cdf } = gridOf(posteriors);
  const k = posteriors.length;
  const best = new Array<number>(k).fill(0);
  const loss = new Array<number>(k).fill(0);
  // Per grid point: the product of every CDF, and f_i times the product of the others (O(k), not O(k²)).
  const product = new Float64Array(x.length);
  const integrand = posteriors.map(() => new Float64Array(x.length));
  for (let at = 0; at < x.length; at++) {
    let all = 1;
    let zeros = 0;
    let allButZero = 1;
    for (let j = 0; j < k; j++) {
      const F = cdf[j]![at]!;
      all *= F;
      if (F === 0) zeros++;
      else allButZero *= F;
    }
    product[at] = all;
    for (let i = 0; i < k; i++) {
      const F = cdf[i]![at]!;
      const others = F !== 0 ? (zeros === 0 ? all / F : 0) : zeros === 1 ? allButZero : 0;
      integrand[i]![at] = density[i]![at]! * others;
    }
  }
  for (let at = 1; at < x.length; at++) {
    const h = x[at]! - x[at - 1]!;
    for (let i = 0; i < k; i++) {
      best[i]! += ((integrand[i]![at]! + integrand[i]![at - 1]!) / 2) * h;
      loss[i]! += ((cdf[i]![at]! - product[at]! + cdf[i]![at - 1]! - product[at - 1]!) / 2) * h;
    }
  }
  const total = best.reduce((a, b) => a + b, 0);
  return { probabilityBest: best.map((b) => clamp01(total > 0 ? b / total : 1 / k)), expectedLoss: loss.map((l) => Math.max(0, l)) };
}

/**
 * The chance that each arm is best and the expected loss of choosing it.
 * Two arms: exact sums (up to {@link MAX_EXACT_TERMS} terms); otherwise quadrature.
 */
export function bestArm(posteriors: BetaPosterior[]): { probabilityBest: number[]; expectedLoss: number[]; method: 'exact' | 'quadrature' } {
  if (posteriors.length < 2) throw new RangeError('bestArm: needs at least two arms');
  if (posteriors.length === 2 && exactTerms(posteriors) <= MAX_EXACT_TERMS) {
    // A test has exactly two arms here (checked by the caller).
    const [a, b] = posteriors as [BetaPosterior, BetaPosterior];
    const bBeatsA = probabilityGreater(b, a);
    const lossA = expectedShortfall(b, a);
    // E[(pB − pA)+] − E[(pA − pB)+] = E[pB] − E[pA], so one sum gives both losses.
    const lossB = Math.max(0, lossA - (posteriorMean(b) - posteriorMean(a)));
    return { probabilityBest: [1 - bBeatsA, bBeatsA], expectedLoss: [lossA, lossB], method: 'exact' };
  }
  return { ...bestArmByQuadrature(posteriors), method: 'quadrature' };
}

/** The equal-tailed credible interval of a Beta posterior (default 95 %), from its CDF on a fine grid. */
export function credibleInterval(p: BetaPosterior, level = 0.95): { low: number; high: number } {
  const [lo, hi] = armRange(p);
  const logNorm = logBeta(p.alpha, p.beta);
  const n = GRID_POINTS * 4;
  const xs = new Float64Array(n);
  const F = new Float64Array(n);
  let previous = 0;
  for (let i = 0; i < n; i++) {
    xs[i] = lo + ((hi - lo) * i) / (n - 1);
    const f = Math.exp(logDensity(p, logNorm, xs[i]!));
    if (i > 0) F[i] = F[i - 1]! + ((f + previous) / 2) * (xs[i]! - xs[i - 1]!);
    previous = f;
  }
  const total = F[n - 1]!;
  const quantile = (q: number) => {
    const target = q * total;
    let low = 0;
    let high = n - 1;
    while (high - low > 1) {
      const mid = (low + high) >> 1;
      if (F[mid]! < target) low = mid;
      else high = mid;
    }
    const span = F[high]! - F[low]!;
    const t = span > 0 ? (target - F[low]!) / span : 0;
    return xs[low]! + t * (xs[high]! - xs[low]!);
  };
  const tail = (1 - level) / 2;
  return { low: quantile(tail), high: quantile(1 - tail) };
}

// ---- frequentist checks ----------------------------------------------------

/** A two-sided two-proportion z-test with the pooled standard error (H0: equal rates). */
export function twoProportionZTest(conversionsA: number, exposuresA: number, conversionsB: number, exposuresB: number): { z: number; pValue: number } {
  if (exposuresA === 0 || exposuresB === 0) return { z: 0, pValue: 1 };
  const pA = conversionsA / exposuresA;
  const pB = conversionsB / exposuresB;
  const pooled = (conversionsA + conversionsB) / (exposuresA + exposuresB);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / exposuresA + 1 / exposuresB));
  if (se === 0) return { z: 0, pValue: 1 };
  const z = (pB - pA) / se;
  return { z, pValue: Math.min(1, 2 * normalSurvival(Math.abs(z))) };
}

/**
 * Sample-ratio mismatch: Pearson's chi-square of the observed counts against
 * the counts the weights predict, with k − 1 degrees of freedom.
 */
export function sampleRatioMismatch(observed: number[], weights: number[]): { chiSquare: number; degreesOfFreedom: number; pValue: number } {
  if (observed.length !== weights.length || observed.length < 2) throw new RangeError('sampleRatioMismatch: needs one weight per count and at least two');
  const total = observed.reduce((a, b) => a + b, 0);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const degreesOfFreedom = observed.length - 1;
  if (total === 0) return { chiSquare: 0, degreesOfFreedom, pValue: 1 };
  let chiSquare = 0;
  observed.forEach((o, i) => {
    const expected = (total * weights[i]!) / weightSum;
    chiSquare += ((o - expected) * (o - expected)) / expected;
  });
  return { chiSquare, degreesOfFreedom, pValue: chiSquareSurvival(chiSquare, degreesOfFreedom) };
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

// ---- the decision ------------------------------------------------------------

/** When a test may call a winner; each is configurable per test. */
export interface DecisionRules {
  /** The best arm's chance to be best must reach this (default 0.95). */
  minProbabilityBest: number;
  /** Its expected loss must stay below this fraction of the control's rate (default 0.0025, i.e. 0.25 %). */
  maxRelativeLoss: number;
  /** Every arm needs at least this many exposed units (default 100). */
  minExposuresPerArm: number;
  /** The sample-ratio-mismatch p-value must be at least this (default 0.001). */
  srmMinPValue: number;
}

export const DEFAULT_RULES: DecisionRules = { minProbabilityBest: 0.95, maxRelativeLoss: 0.0025, minExposuresPerArm: 100, srmMinPValue: 0.001 };

export interface ArmCounts {
  key: string;
  weight: number;
  exposures: number;
  conversions: number;
}

export type Decision = 'winner' | 'no_difference' | 'insufficient_data';

export interface ArmAnalysis {
  key: string;
  exposures: number;
  conversions: number;
  /** conversions / exposures; null before the first exposure. */
  rate: number | null;
  /** 95 % credible interval of the rate (Beta posterior, equal tails). */
  interval: { low: number; high: number };
  posteriorMean: number;
  probabilityBest: number;
  expectedLoss: number;
  /** (rate − control rate) / control rate; null for the control, or while either rate is unknown or the control's is 0. */
  uplift: number | null;
  /** Against the control; null for the control itself. */
  zTest: { z: number; pValue: number } | null;
}

export interface Analysis {
  decision: Decision;
  /** The winning arm's key when decision is `winner`. */
  winner: string | null;
  reasons: string[];
  control: string;
  arms: ArmAnalysis[];
  /** Absolute expected-loss threshold: maxRelativeLoss × the control's posterior mean rate. */
  lossThreshold: number;
  srm: { chiSquare: number; degreesOfFreedom: number; pValue: number; mismatch: boolean };
  method: 'exact' | 'quadrature';
}

const fmt = (v: number) => (v === 0 ? '0' : Math.abs(v) >= 0.01 ? v.toFixed(4).replace(/0+$/, '').replace(/\.$/, '') : v.toPrecision(3));

/**
 * Decides a test from its counts: `winner` when the best arm's chance to be
 * best reaches the threshold and its expected loss is below the threshold of
 * caring; `no_difference` when the control and the two arms most likely to be
 * best would each cost less than that threshold in expectation (they are
 * practically equivalent: keep the control); otherwise `insufficient_data`.
 * Too few exposures or a sample-ratio mismatch always means
 * `insufficient_data`. The first arm is the control.
 */
export function analyze(arms: ArmCounts[], rules: DecisionRules = DEFAULT_RULES): Analysis {
  if (arms.length < 2) throw new RangeError('analyze: needs at least two arms');
  const control = arms[0]!;
  const posteriors = arms.map((a) => posteriorOf(a.exposures, a.conversions));
  const { probabilityBest, expectedLoss, method } = bestArm(posteriors);
  const controlRate = control.exposures > 0 ? control.conversions / control.exposures : null;
  const lossThreshold = rules.maxRelativeLoss * posteriorMean(posteriors[0]!);
  const srmRaw = sampleRatioMismatch(
    arms.map((a) => a.exposures),
    arms.map((a) => a.weight),
  );
  const srm = { ...srmRaw, mismatch: srmRaw.pValue < rules.srmMinPValue };
  const analyses: ArmAnalysis[] = arms.map((a, i) => {
    const rate = a.exposures > 0 ? a.conversions / a.exposures : null;
    return {
      key: a.key,
      exposures: a.exposures,
      conversions: a.conversions,
      rate,
      interval: credibleInterval(posteriors[i]!),
      posteriorMean: posteriorMean(posteriors[i]!),
      probabilityBest: probabilityBest[i]!,
      expectedLoss: expectedLoss[i]!,
      uplift: i === 0 || rate === null || !controlRate ? null : (rate - controlRate) / controlRate,
      zTest: i === 0 ? null : twoProportionZTest(control.conversions, control.exposures, a.conversions, a.exposures),
    };
  });

  const reasons: string[] = [];
  const short = analyses.filter((a) => a.exposures < rules.minExposuresPerArm);
  const bestIndex = probabilityBest.indexOf(Math.max(...probabilityBest));
  const best = analyses[bestIndex]!;
  // The arms that could be chosen: the control and the two most likely to be best.
  const ranked = analyses.map((a, i) => ({ a, i })).sort((x, y) => y.a.probabilityBest - x.a.probabilityBest || x.i - y.i);
  const contenders = [...new Set([0, ranked[0]!.i, ranked[1]!.i])].sort((x, y) => x - y).map((i) => analyses[i]!);
  let decision: Decision;
  if (short.length > 0) {
    decision = 'insufficient_data';
    reasons.push(`${short.map((a) => `arm ${a.key} has ${a.exposures}`).join(', ')} exposures; every arm needs at least ${rules.minExposuresPerArm}`);
  } else if (srm.mismatch) {
    decision = 'insufficient_data';
    reasons.push(
      `sample ratio mismatch: exposures ${arms.map((a) => a.exposures).join(':')} against weights ${arms.map((a) => a.weight).join(':')} give p = ${fmt(srm.pValue)} < ${rules.srmMinPValue}; assignment or tracking is broken, so no result can be trusted until it is fixed`,
    );
  } else {
    reasons.push(`every arm has at least ${rules.minExposuresPerArm} exposures`, `no sample ratio mismatch (p = ${fmt(srm.pValue)} ≥ ${rules.srmMinPValue})`);
    const confident = best.probabilityBest >= rules.minProbabilityBest;
    const cheap = best.expectedLoss < lossThreshold;
    if (confident && cheap) {
      decision = 'winner';
      reasons.push(
        `arm ${best.key} is best with probability ${fmt(best.probabilityBest)} ≥ ${rules.minProbabilityBest}`,
        `choosing it has an expected loss of ${fmt(best.expectedLoss)} < ${fmt(lossThreshold)} (${rules.maxRelativeLoss * 100} % of the control's rate)`,
      );
    } else if (contenders.every((a) => a.expectedLoss < lossThreshold)) {
      decision = 'no_difference';
      reasons.push(
        `choosing ${contenders.map((a) => `arm ${a.key}`).join(' or ')} would each lose less than ${fmt(lossThreshold)} in expectation (${contenders.map((a) => fmt(a.expectedLoss)).join(', ')}): they are practically equivalent, so keep the control`,
      );
    } else {
      decision = 'insufficient_data';
      reasons.push(
        confident
          ? `arm ${best.key} is best with probability ${fmt(best.probabilityBest)}, but choosing it still risks an expected loss of ${fmt(best.expectedLoss)} ≥ ${fmt(lossThreshold)}`
          : `the leading arm ${best.key} is best with probability ${fmt(best.probabilityBest)} < ${rules.minProbabilityBest}`,
        'keep the test running',
      );
    }
  }
  // The z-test is a second opinion: reported, never deciding.
  const others = analyses.slice(1);
  const alpha = 0.05 / others.length;
  const significant = others.filter((a) => a.zTest && a.zTest.pValue < alpha).map((a) => a.key);
  if (short.length === 0) {
    reasons.push(
      significant.length > 0
        ? `z-test (second opinion, α = ${fmt(alpha)} per comparison with the control): arm ${significant.join(', ')} differs from the control`
        : `z-test (second opinion, α = ${fmt(alpha)} per comparison with the control): no arm differs significantly from the control`,
    );
  }
  return { decision, winner: decision === 'winner' ? best.key : null, reasons, control: control.key, arms: analyses, lossThreshold, srm, method };
}

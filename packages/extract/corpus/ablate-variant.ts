/**
 * Which condition of a variant breaks a document: the document is rendered under
 * the variant as it is, then with one condition changed at a time, and extracted
 * each time (OCR: a few seconds to half a minute per rendering).
 *
 *   node --import tsx packages/extract/corpus/ablate-variant.ts DOC VARIANT [CHANGE …]
 *
 * DOC is a document id of variants.ts (`agency:rio-smac-20241226`, `synthetic:05-pt-prose`);
 * each CHANGE is one or more `key=value` joined by `+` (all applied together), e.g.
 *   skew=0  blur=0  jpeg=90  specks=0  noise=0  edge=none  paper=white  grey=false  dpi=300
 *   rotation=0  keystone=0  shadow=0  falloff=0  motion=0  defocus=0.5  longSide=3200
 *   font=inter  mono=cousine  size=1.2  margin=40  color=false  monoTables=false
 * Without changes, a default set for the variant's medium is tried. Renderings go to
 * /tmp/variants/ablate/ to be looked at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { configureOcr, ExtractionError, extractBulletin, shutdownOcr, type ExtractedContext } from '../src/index.js';
import { scoreAgency, scoreExtraction } from './score.js';
import { VARIANTS, renderVariant, variantDocuments, type FontId, type Variant } from './variants.js';

const [docId, variantId, ...changes] = process.argv.slice(2);
const doc = variantDocuments().find((d) => d.id === docId);
const base = VARIANTS.find((v) => v.id === variantId);
if (!doc || !base) {
  console.error(`usage: ablate-variant.ts DOC VARIANT [key=value[+key=value] …]\ndocuments: ${variantDocuments().map((d) => d.id).join(' ')}\nvariants: ${VARIANTS.map((v) => v.id).join(' ')}`);
  process.exit(2);
}
const DEFAULTS: Record<string, string[]> = {
  'pdf-scan': ['skew=0', 'blur=0', 'jpeg=90', 'specks=0+noise=0', 'edge=none', 'paper=white', 'dpi=300', 'font=inter', 'skew=0+blur=0+jpeg=90+specks=0+noise=0+edge=none+paper=white'],
  photo: ['rotation=0', 'keystone=0', 'shadow=0+falloff=0', 'defocus=0.3', 'jpeg=90', 'noise=0', 'longSide=3200', 'font=inter', 'rotation=0+keystone=0'],
  png: ['dpi=150', 'dpi=300', 'font=inter', 'color=false'],
  jpeg: ['jpeg=95', 'color=false', 'dpi=300', 'font=inter'],
  'pdf-text': ['font=inter', 'size=1', 'margin=40', 'color=false', 'monoTables=false'],
};

/** The variant with `key=value` changes applied (a copy). */
function changed(v: Variant, change: string): Variant {
  const out: Variant = structuredClone(v);
  out.id = `${v.id}[${change}]`;
  for (const kv of change.split('+')) {
    const [k, raw] = kv.split('=') as [string, string];
    const n = Number(raw);
    const s = out.scan;
    const p = out.photo;
    switch (k) {
      case 'font': out.style.font = raw as FontId; break;
      case 'mono': out.style.mono = raw as FontId; break;
      case 'size': out.style.sizeScale = n; break;
      case 'margin': out.style.margin = n; break;
      case 'color': out.style.color = raw === 'true'; break;
      case 'monoTables': out.style.monoTables = raw === 'true'; break;
      case 'dpi': out.dpi = n; break;
      case 'jpeg': if (s) s.jpeg = n; if (p) p.jpeg = n; out.jpeg = n; break;
      case 'noise': if (s) s.noise = n; if (p) p.noise = n; break;
      case 'skew': if (s) s.skew = [n, n]; break;
      case 'blur': if (s) s.blur = Math.max(0.3, n); break; // sharp's smallest blur: 0.3
      case 'specks': if (s) s.specks = n; break;
      case 'edge': if (s) s.edge = null; break;
      case 'paper': if (s) { s.paper = [255, 255, 255]; s.ink = [20, 20, 20]; } break;
      case 'grey': if (s) s.grey = raw === 'true'; break;
      case 'rotation': if (p) p.rotation = [n, n]; break;
      case 'keystone': if (p) p.keystone = [n, n]; break;
      case 'shadow': if (p) p.shadow = n; break;
      case 'falloff': if (p) p.falloff = n; break;
      case 'defocus': if (p) p.blur = { kind: 'defocus', sigma: Math.max(0.3, n) }; break;
      case 'motion': if (p) p.blur = n > 1 ? { kind: 'motion', length: n } : { kind: 'defocus', sigma: 0.3 }; break;
      case 'longSide': if (p) p.longSide = n; break;
      default: throw new Error(`unknown change ${k}`);
    }
  }
  return out;
}

const LIMITS = { maxBytes: 20 * 1024 * 1024, maxPages: 20, maxPixels: 40_000_000, ocrTimeoutMs: 120_000 };
configureOcr({ recycleAboveRssMb: Infinity });
mkdirSync('/tmp/variants/ablate', { recursive: true });
const runs = [base, ...(changes.length ? changes : DEFAULTS[base.medium] ?? []).map((c) => changed(base, c))];
for (const v of runs) {
  // The seed is the base variant's, so only the named condition differs.
  const r = await renderVariant(doc, { ...v, id: base.id });
  const file = `/tmp/variants/ablate/${v.id.replace(/[^\w.=+[\]-]/g, '_')}__${doc.id.replace(':', '_')}`;
  writeFileSync(`${file}.${r.ext}`, r.bytes);
  if (r.ext !== 'png') writeFileSync(`${file}.png`, r.preview);
  const t = performance.now();
  let got: ExtractedContext | null = null;
  let code: string | null = null;
  try {
    got = await extractBulletin(r.bytes, `x.${r.ext}`, LIMITS);
  } catch (err) {
    code = err instanceof ExtractionError ? err.code : String(err);
  }
  const score = doc.agencyExpected ? scoreAgency(doc.agencyExpected, got, code) : scoreExtraction(doc.syntheticExpected!, got);
  console.log(`${v.id.padEnd(60)} ${`${score.correct}/${score.total}`.padStart(6)}  ${((performance.now() - t) / 1000).toFixed(1)} s  ${score.misses.join('; ')}`);
}
await shutdownOcr();

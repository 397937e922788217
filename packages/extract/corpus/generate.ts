/**
 * A generated test corpus of air-quality bulletins with known values.
 *
 * Every document is drawn from independent random choices (seeded, so the corpus
 * is the same on every run): language (es/pt/en), layout (labels, prose, a
 * pollutant-per-row table, a station × pollutant table with a city average),
 * notations (PM2.5 spellings, µ vs μ, ug/m3, µg∕m3, µg/m³N, ppb/ppbv/ppm, °F,
 * decimal commas, date styles) and medium (text PDF, PNG, JPEG, WebP, scanned PDF;
 * images with noise and a slight rotation). The expected values are computed
 * here, with the conversion factors written out again (AIR_QUALITY.md §5) rather
 * than imported from the code under test.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import sharp from 'sharp';

export type Language = 'es' | 'pt' | 'en';
export type Layout = 'labels' | 'prose' | 'rows' | 'stations';
export type Medium = 'pdf-text' | 'png' | 'jpeg' | 'webp' | 'pdf-scan';

export interface Expected {
  location: string;
  date: string;
  pm25: number;
  pm10: number;
  no2?: number;
  o3?: number;
  so2?: number;
  co?: number;
  temperatura?: number;
  humidity?: number;
}

/** A block of a document: a line of text (title, body, small print) or a table. */
export type Block = { kind: 'title' | 'text' | 'small'; text: string } | { kind: 'table'; rows: string[][] };

export interface CorpusDoc {
  id: string;
  language: Language;
  layout: Layout;
  medium: Medium;
  noise: boolean;
  rotation: number;
  blocks: Block[];
  expected: Expected;
}

// --- randomness -------------------------------------------------------------

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
const r1 = (v: number): number => Math.round(v * 10) / 10;

// --- vocabulary per language -------------------------------------------------

const WORDS = {
  es: {
    cities: ['Santiago', 'Temuco', 'Ciudad de México', 'Bogotá', 'Valparaíso', 'Guadalajara', 'Madrid'],
    institutions: ['Ministerio del Medio Ambiente', 'Secretaría del Medio Ambiente', 'Red de Monitoreo Atmosférico'],
    titles: ['Boletín de Calidad del Aire', 'Reporte diario de calidad del aire'],
    cityLabel: ['Ciudad', 'Comuna', 'Localidad'],
    dateLabel: 'Fecha',
    months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
    weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
    pm25: ['MP2,5', 'MP 2,5', 'PM2.5', 'PM₂.₅', 'Material particulado fino (MP2,5)', 'Partículas < 2.5 µm'],
    pm10: ['MP10', 'MP 10', 'PM10', 'Material particulado respirable (MP10)', 'Partículas < 10 µm'],
    no2: ['Dióxido de nitrógeno', 'NO2', 'NO₂'],
    o3: ['Ozono', 'O3'],
    so2: ['Dióxido de azufre', 'SO2'],
    co: ['Monóxido de carbono', 'CO'],
    temp: 'Temperatura',
    hum: 'Humedad relativa',
    table: ['Contaminante', 'Concentración', 'Unidad'],
    station: 'Estación',
    stations: ['Las Condes', 'Pudahuel', 'El Bosque', 'Cerrillos'],
    average: 'Promedio ciudad',
    prose: (l: string, v: string): string => `La concentración promedio de ${l} en la ciudad fue de ${v}.`,
    headline: (city: string): string => `Calidad del aire en ${city}`,
  },
  pt: {
    cities: ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Curitiba', 'Porto Alegre', 'Lisboa'],
    institutions: ['CETESB - Companhia Ambiental do Estado', 'Secretaria Municipal de Meio Ambiente', 'Instituto Estadual do Ambiente'],
    titles: ['Boletim de Qualidade do Ar', 'Boletim diário da qualidade do ar'],
    cityLabel: ['Município', 'Cidade', 'Local'],
    dateLabel: 'Data',
    months: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
    weekdays: ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'],
    pm25: ['MP2,5', 'MP 2,5', 'Material Particulado (MP2,5)', 'PM2,5', 'MP₂,₅'],
    pm10: ['MP10', 'Material Particulado (MP10)', 'PM10', 'Partículas inaláveis'],
    no2: ['Dióxido de Nitrogênio', 'NO2', 'NO₂'],
    o3: ['Ozônio', 'O3'],
    so2: ['Dióxido de Enxofre', 'SO2'],
    co: ['Monóxido de Carbono', 'CO'],
    temp: 'Temperatura',
    hum: 'Umidade relativa',
    table: ['Poluente', 'Concentração', 'Unidade'],
    station: 'Estação',
    stations: ['Tijuca', 'Bangu', 'Irajá', 'Copacabana'],
    average: 'Média da cidade',
    prose: (l: string, v: string): string => `A concentração média de ${l} na cidade foi de ${v}.`,
    headline: (city: string): string => `Qualidade do ar em ${city}`,
  },
  en: {
    cities: ['Denver', 'Houston', 'Seattle', 'Phoenix', 'London', 'Delhi'],
    institutions: ['Environmental Protection Agency', 'Department of Environmental Quality', 'Air Quality Monitoring Network'],
    titles: ['Daily Air Quality Report', 'Air Quality Bulletin'],
    cityLabel: ['City', 'Location'],
    dateLabel: 'Date',
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    pm25: ['PM2.5', 'PM25', 'PM₂.₅', 'Fine particulate matter (PM2.5)'],
    pm10: ['PM10', 'PM 10', 'Coarse particles PM10'],
    no2: ['Nitrogen dioxide', 'NO2', 'NO₂'],
    o3: ['Ozone', 'O3'],
    so2: ['Sulfur dioxide', 'SO2'],
    co: ['Carbon monoxide', 'CO'],
    temp: 'Temperature',
    hum: 'Relative humidity',
    table: ['Pollutant', 'Concentration', 'Unit'],
    station: 'Station',
    stations: ['Downtown', 'Airport', 'North Park', 'Riverside'],
    average: 'City average',
    prose: (l: string, v: string): string => `The citywide average ${l} concentration was ${v}.`,
    headline: (city: string): string => `Air quality in ${city}`,
  },
} as const;

const UG = ['µg/m³', 'μg/m³', 'ug/m3', 'µg∕m3', 'µg/m³N', 'µg/m3'];
/** AIR_QUALITY.md §5, at 25 °C: µg/m³ per ppb; CO mg/m³ per ppm. */
const FACTOR = { no2: 1.882, o3: 1.963, so2: 2.62, co: 1.146 };

// --- one document --------------------------------------------------------------

interface Reading {
  key: 'pm25' | 'pm10' | 'no2' | 'o3' | 'so2' | 'co' | 'temperatura' | 'humidity';
  label: string;
  /** The number as written (decimal comma or dot). */
  shown: string;
  unit: string;
}

function makeDoc(i: number, rng: Rng, language: Language, layout: Layout, medium: Medium): CorpusDoc {
  const w = WORDS[language];
  const comma = language !== 'en' && rng() < 0.8;
  const fmt = (v: number, digits: number): string => {
    const s = v.toFixed(digits);
    return comma ? s.replace('.', ',') : s;
  };
  const ug = pick(rng, UG);
  // Liberation Sans (the only bundled font with ∕) has no subscripts: no ₂ labels with ∕ units.
  const label = (xs: readonly string[]): string => {
    const options = ug.includes('∕') ? xs.filter((x) => !/[₀-₉]/.test(x)) : xs;
    return pick(rng, options);
  };
  const city = pick(rng, w.cities);
  const year = int(rng, 2022, 2025);
  const month = int(rng, 1, 12);
  const day = int(rng, 1, 28);
  const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const weekday = w.weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;

  const expected: Expected = { location: city, date, pm25: 0, pm10: 0 };
  const readings: Reading[] = [];
  const pm25 = rng() < 0.5 ? int(rng, 5, 80) : r1(5 + rng() * 75);
  expected.pm25 = pm25;
  readings.push({ key: 'pm25', label: label(w.pm25), shown: fmt(pm25, Number.isInteger(pm25) ? 0 : 1), unit: ug });
  const pm10 = int(rng, Math.ceil(pm25) + 5, 160);
  expected.pm10 = pm10;
  readings.push({ key: 'pm10', label: label(w.pm10), shown: fmt(pm10, 0), unit: ug });
  for (const gas of ['no2', 'o3', 'so2'] as const) {
    if (rng() > 0.7) continue;
    const style = pick(rng, ['ug', 'ppb', 'ppbv', gas === 'o3' ? 'ppm' : 'ppb'] as const);
    if (style === 'ug') {
      const v = int(rng, 4, 120);
      expected[gas] = v;
      readings.push({ key: gas, label: label(w[gas]), shown: fmt(v, 0), unit: ug });
    } else if (style === 'ppm') {
      const v = int(rng, 10, 75) / 1000;
      expected[gas] = r1(v * 1000 * FACTOR[gas]);
      readings.push({ key: gas, label: label(w[gas]), shown: fmt(v, 3), unit: 'ppm' });
    } else {
      const v = int(rng, 2, 60);
      expected[gas] = r1(v * FACTOR[gas]);
      readings.push({ key: gas, label: label(w[gas]), shown: fmt(v, 0), unit: style });
    }
  }
  if (rng() < 0.6) {
    const ppm = rng() < 0.5;
    const v = int(rng, 2, 30) / 10;
    expected.co = ppm ? Math.round(v * FACTOR.co * 1000) / 1000 : v;
    readings.push({ key: 'co', label: label(w.co), shown: fmt(v, 1), unit: ppm ? 'ppm' : 'mg/m³' });
  }
  if (rng() < 0.7) {
    const f = language === 'en' && rng() < 0.6;
    const v = f ? int(rng, 40, 95) : r1(2 + rng() * 30);
    expected.temperatura = f ? r1(((v - 32) * 5) / 9) : v;
    readings.push({ key: 'temperatura', label: w.temp, shown: fmt(v, f ? 0 : 1), unit: f ? '°F' : '°C' });
  }
  if (rng() < 0.6) {
    const v = int(rng, 20, 95);
    expected.humidity = v;
    readings.push({ key: 'humidity', label: w.hum, shown: String(v), unit: '%' });
  }

  const blocks: Block[] = [{ kind: 'small', text: pick(rng, w.institutions) }];
  // Where the location and date are said.
  const numericDate = `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
  const longDate = language === 'en'
    ? pick(rng, [`${w.months[month - 1]} ${day}, ${year}`, `${weekday}, ${day} ${w.months[month - 1]} ${year}`])
    : `${weekday}, ${day} de ${w.months[month - 1]} de ${year}`;
  const placeStyle = int(rng, 0, 2);
  if (placeStyle === 0) {
    blocks.push({ kind: 'title', text: pick(rng, w.titles) });
    blocks.push({ kind: 'text', text: `${pick(rng, w.cityLabel)}: ${city}` });
    blocks.push({ kind: 'text', text: `${w.dateLabel}: ${rng() < 0.5 ? numericDate : longDate}` });
  } else if (placeStyle === 1) {
    blocks.push({ kind: 'title', text: `${w.headline(city)}` });
    blocks.push({ kind: 'text', text: rng() < 0.5 ? numericDate : longDate });
  } else {
    blocks.push({ kind: 'title', text: pick(rng, w.titles) });
    blocks.push({ kind: 'text', text: `${city}, ${language === 'en' ? `${w.months[month - 1]} ${day}, ${year}` : longDate}` });
  }

  const pollutants = readings.filter((r) => r.key !== 'temperatura' && r.key !== 'humidity');
  const weather = readings.filter((r) => r.key === 'temperatura' || r.key === 'humidity');
  const valueText = (r: Reading): string => `${r.shown} ${r.unit}`;
  if (layout === 'labels') {
    for (const r of readings) blocks.push({ kind: 'text', text: `${r.label}: ${valueText(r)}` });
  } else if (layout === 'prose') {
    for (const r of pollutants) blocks.push({ kind: 'text', text: w.prose(r.label, valueText(r)) });
    if (weather.length) blocks.push({ kind: 'text', text: weather.map((r) => `${r.label} ${valueText(r)}`).join(', ') });
  } else if (layout === 'rows') {
    blocks.push({ kind: 'table', rows: [[...w.table], ...pollutants.map((r) => [r.label, r.shown, r.unit])] });
    for (const r of weather) blocks.push({ kind: 'text', text: `${r.label}: ${valueText(r)}` });
  } else {
    // Station rows scatter around the city value; the average row carries the expected value.
    const cols = pollutants.slice(0, 4);
    const header = [w.station, ...cols.map((r) => `${r.label.replace(/^.*\((.+)\)$/, '$1')} (${r.unit})`)];
    const stationRows = w.stations.slice(0, 3).map((s) => [
      s,
      ...cols.map((r) => {
        if (rng() < 0.12) return 'ND';
        const v = Number(r.shown.replace(',', '.')) * (0.6 + rng() * 0.9);
        return fmt(v, r.unit === 'ppm' ? 3 : 0);
      }),
    ]);
    blocks.push({ kind: 'table', rows: [header, ...stationRows, [w.average, ...cols.map((r) => r.shown)]] });
    for (const r of pollutants.slice(4)) blocks.push({ kind: 'text', text: `${r.label}: ${valueText(r)}` });
    for (const r of weather) blocks.push({ kind: 'text', text: `${r.label}: ${valueText(r)}` });
  }
  const imageLike = medium !== 'pdf-text';
  return {
    id: `${String(i).padStart(2, '0')}-${language}-${layout}-${medium}`,
    language,
    layout,
    medium,
    noise: imageLike && rng() < 0.5,
    rotation: imageLike && rng() < 0.5 ? (rng() < 0.5 ? -1 : 1) * (1 + rng() * 1.5) : 0,
    blocks,
    expected,
  };
}

/** The corpus: `count` documents, 3 languages × 4 layouts in turn, media shuffled (8 text PDFs per 24). */
export function corpusSpecs(count = 24, seed = 7): CorpusDoc[] {
  const rng = mulberry32(seed);
  const media: Medium[] = [];
  for (let i = 0; i < count; i++) media.push((['pdf-text', 'pdf-text', 'png', 'jpeg', 'webp', 'pdf-scan'] as const)[i % 6]!);
  for (let i = media.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [media[i], media[j]] = [media[j]!, media[i]!];
  }
  const languages: Language[] = ['es', 'pt', 'en'];
  const layouts: Layout[] = ['labels', 'prose', 'rows', 'stations'];
  return media.map((m, i) => makeDoc(i, rng, languages[i % 3]!, layouts[Math.floor(i / 3) % 4]!, m));
}

// --- rendering -------------------------------------------------------------------

const require = createRequire(import.meta.url);
const INTER = join(dirname(require.resolve('@expo-google-fonts/inter/package.json')), '400Regular', 'Inter_400Regular.ttf');
const INTER_BOLD = join(dirname(require.resolve('@expo-google-fonts/inter/package.json')), '700Bold', 'Inter_700Bold.ttf');
const LIBERATION = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts', 'LiberationSans-Regular.ttf');
let fontsRegistered = false;

const SIZES = { title: 1.45, text: 1, small: 0.8 } as const;

/** A text PDF (pdf-lib, Inter/Liberation embedded so µ, ³, ₂ and ∕ are real characters). */
export async function renderTextPdf(doc: CorpusDoc): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false }); // no creation date: the same document gives the same bytes
  pdf.registerFontkit(fontkit);
  const inter = await pdf.embedFont(readFileSync(INTER), { subset: true });
  const bold = await pdf.embedFont(readFileSync(INTER_BOLD), { subset: true });
  const lib = await pdf.embedFont(readFileSync(LIBERATION), { subset: true });
  const page = pdf.addPage([595, 842]);
  const fontFor = (t: string, b = false): PDFFont => (t.includes('∕') ? lib : b ? bold : inter);
  let y = 790;
  const base = 11;
  const draw = (p: PDFPage, t: string, x: number, size: number, b = false): void => {
    p.drawText(t, { x, y, size, font: fontFor(t, b), color: rgb(0.1, 0.1, 0.1) });
  };
  for (const block of doc.blocks) {
    if (block.kind === 'table') {
      const widths = columnWidths(block.rows, (t) => fontFor(t).widthOfTextAtSize(t, base));
      for (const [r, row] of block.rows.entries()) {
        let x = 50;
        row.forEach((cell, c) => {
          draw(page, cell, x, base, r === 0);
          x += widths[c]! + 24;
        });
        y -= base * 1.7;
      }
      y -= base * 0.6;
      continue;
    }
    const size = base * SIZES[block.kind];
    draw(page, block.text, 50, size, block.kind === 'title');
    y -= size * 1.8;
  }
  return pdf.save();
}

function columnWidths(rows: string[][], width: (t: string) => number): number[] {
  const n = Math.max(...rows.map((r) => r.length));
  return Array.from({ length: n }, (_, c) => Math.max(...rows.map((r) => (r[c] ? width(r[c]!) : 0))));
}

/**
 * The document drawn on a canvas as a screenshot/photo/scan would look: `scale`
 * pixels per point of the PDF layout, optional speckle noise, grey paper and a
 * slight rotation. Returns PNG bytes.
 */
export function renderImage(doc: CorpusDoc, opts: { width?: number; fontPx?: number } = {}): Buffer {
  if (!fontsRegistered) {
    GlobalFonts.registerFromPath(INTER, 'Inter');
    GlobalFonts.registerFromPath(INTER_BOLD, 'InterBold');
    GlobalFonts.registerFromPath(LIBERATION, 'Liberation');
    fontsRegistered = true;
  }
  const fontPx = opts.fontPx ?? 24;
  const width = Math.max(opts.width ?? 1240, contentWidth(doc, fontPx));
  const lineCount = doc.blocks.reduce((n, b) => n + (b.kind === 'table' ? b.rows.length + 1 : 1), 0);
  const height = Math.round(fontPx * 2 * lineCount + fontPx * 6);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = doc.noise ? '#efeee8' : '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((doc.rotation * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.fillStyle = '#1a1a1a';
  const family = (t: string, b = false): string => (t.includes('∕') ? 'Liberation' : b ? 'InterBold' : 'Inter');
  const margin = Math.round(fontPx * 2.5);
  let y = margin;
  for (const block of doc.blocks) {
    if (block.kind === 'table') {
      ctx.font = `${fontPx}px Inter`;
      const widths = columnWidths(block.rows, (t) => {
        ctx.font = `${fontPx}px ${family(t)}`;
        return ctx.measureText(t).width;
      });
      for (const [r, row] of block.rows.entries()) {
        let x = margin;
        row.forEach((cell, c) => {
          ctx.font = `${fontPx}px ${family(cell, r === 0)}`;
          ctx.fillText(cell, x, y);
          x += widths[c]! + fontPx * 2;
        });
        y += fontPx * 1.8;
      }
      y += fontPx * 0.6;
      continue;
    }
    const size = Math.round(fontPx * SIZES[block.kind]);
    ctx.font = `${size}px ${family(block.text, block.kind === 'title')}`;
    ctx.fillText(block.text, margin, y);
    y += size * 1.9;
  }
  ctx.restore();
  if (doc.noise) {
    const rng = mulberry32(width * 31 + height);
    const specks = Math.round(width * height * 0.002);
    for (let k = 0; k < specks; k++) {
      const g = Math.floor(rng() * 160);
      ctx.fillStyle = `rgb(${g},${g},${g})`;
      ctx.fillRect(rng() * width, rng() * height, 1 + rng() * 2, 1 + rng() * 2);
    }
  }
  return canvas.toBuffer('image/png');
}

/** Pixels needed to draw the widest line or table at `fontPx`, with margins. */
function contentWidth(doc: CorpusDoc, fontPx: number): number {
  const ctx = createCanvas(10, 10).getContext('2d');
  const measure = (t: string, px: number, bold = false): number => {
    ctx.font = `${px}px ${t.includes('∕') ? 'Liberation' : bold ? 'InterBold' : 'Inter'}`;
    return ctx.measureText(t).width;
  };
  let widest = 0;
  for (const b of doc.blocks) {
    if (b.kind === 'table') {
      const widths = columnWidths(b.rows, (t) => measure(t, fontPx, true));
      widest = Math.max(widest, widths.reduce((a, w) => a + w + fontPx * 2, 0));
    } else widest = Math.max(widest, measure(b.text, Math.round(fontPx * SIZES[b.kind]), b.kind === 'title'));
  }
  return Math.ceil(widest + fontPx * 5);
}

/** A scanned PDF: the rendered image as the whole page, no text layer. */
export async function renderScannedPdf(png: Buffer, jpeg: boolean): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false }); // no creation date: the same document gives the same bytes
  const meta = await sharp(png).metadata();
  const w = meta.width ?? 1240;
  const h = meta.height ?? 1754;
  const img = jpeg ? await pdf.embedJpg(await sharp(png).jpeg({ quality: 80 }).toBuffer()) : await pdf.embedPng(png);
  const pageW = 595;
  const pageH = (h / w) * pageW;
  const page = pdf.addPage([pageW, pageH]);
  page.drawImage(img, { x: 0, y: 0, width: pageW, height: pageH });
  return pdf.save();
}

/** The file bytes and name of a corpus document, in its medium. */
export async function renderDoc(doc: CorpusDoc): Promise<{ bytes: Uint8Array; filename: string }> {
  switch (doc.medium) {
    case 'pdf-text':
      return { bytes: await renderTextPdf(doc), filename: `${doc.id}.pdf` };
    case 'png':
      return { bytes: renderImage(doc, { width: 1000, fontPx: 20 }), filename: `${doc.id}.png` };
    case 'jpeg':
      return { bytes: await sharp(renderImage(doc, { width: 900, fontPx: 18 })).jpeg({ quality: 72 }).toBuffer(), filename: `${doc.id}.jpg` };
    case 'webp':
      return { bytes: await sharp(renderImage(doc, { width: 1100, fontPx: 22 })).webp({ quality: 80 }).toBuffer(), filename: `${doc.id}.webp` };
    case 'pdf-scan':
      return { bytes: await renderScannedPdf(renderImage(doc), doc.noise), filename: `${doc.id}.pdf` };
  }
}

/**
 * The optional language-model path, with an in-process fake model (the callback is
 * injected; no provider is needed): it is asked only for unsure documents, its
 * numbers must appear in the text, and it never overrides what the parser read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { LANGUAGE_MODEL_SCHEMA, extractBulletin, type LanguageModelRequest } from '../src/index.js';

const LIMITS = { maxBytes: 5 * 1024 * 1024, maxPages: 5, maxPixels: 20_000_000, ocrTimeoutMs: 60_000 };

async function textPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  lines.forEach((t, i) => page.drawText(t, { x: 50, y: 780 - i * 20, size: 11, font }));
  return doc.save();
}

// Prose the parser cannot tie to a pollutant: "las partículas finas" is no label it knows.
const UNSURE = ['Informe de Lima, 3 de junio de 2024', 'Las particulas mas pequenas llegaron a 41 ug/m3 por la tarde;', 'el dioxido del trafico, 38 ug/m3. Indice 120 puntos.'];

describe('language model (fake, in process)', () => {
  it('fills what the parser missed, and drops a number the document does not contain', async () => {
    const asked: LanguageModelRequest[] = [];
    const model = async (req: LanguageModelRequest): Promise<unknown> => {
      asked.push(req);
      return {
        location: 'Lima',
        date: '2024-06-03',
        values: [
          { measure: 'pm25', value: 41, asWritten: '41', unit: 'µg/m³', station: null, averaging: null },
          { measure: 'no2', value: 38, asWritten: '38', unit: 'µg/m³', station: null, averaging: null },
          { measure: 'so2', value: 17, asWritten: '17', unit: 'µg/m³', station: null, averaging: null }, // invented
          { measure: 'o3', value: 120, asWritten: '120', unit: 'µg/m³', station: null, averaging: null }, // the index, not a concentration
        ],
      };
    };
    const r = await extractBulletin(await textPdf(UNSURE), 'informe.pdf', LIMITS, { languageModel: model });
    assert.equal(asked.length, 1);
    assert.deepEqual(asked[0]!.schema, LANGUAGE_MODEL_SCHEMA);
    assert.match(asked[0]!.text, /41 ug\/m3/);
    assert.equal(r.pm25, 41);
    assert.equal(r.no2, 38);
    assert.equal(r.so2, undefined);
    assert.equal(r.o3, undefined);
    assert.deepEqual(r.languageModel?.dropped.sort(), ['o3=120', 'so2=17']);
    assert.deepEqual(r.languageModel?.used.sort(), ['no2', 'pm25']);
    assert.equal(r.fields.pm25?.origin, 'stated');
    assert.ok(r.fields.pm25!.confidence < 0.8);
  });

  it('is not asked for a document read with confidence, and a failing model changes nothing', async () => {
    let calls = 0;
    const clean = await textPdf(['Ciudad: Santiago', 'Fecha: 14/05/2024', 'MP2,5: 23,4 µg/m³', 'MP10: 45 µg/m³']);
    const r = await extractBulletin(clean, 'b.pdf', LIMITS, { languageModel: async () => { calls += 1; return {}; } });
    assert.equal(calls, 0);
    assert.equal(r.languageModel, undefined);
    const failing = async (): Promise<unknown> => {
      throw new Error('provider unavailable');
    };
    const u = await extractBulletin(await textPdf([...UNSURE, 'PM10: 60 µg/m³']), 'c.pdf', LIMITS, { languageModel: failing, languageModelBelow: 1.01 });
    assert.equal(u.pm10, 60);
    assert.equal(u.languageModel?.error, 'provider unavailable');
  });

  it('a document with no concentration stays a 422 when the model invents one', async () => {
    const model = async (): Promise<unknown> => ({ location: null, date: null, values: [{ measure: 'pm25', value: 55, asWritten: '55', unit: 'µg/m³', station: null, averaging: null }] });
    await assert.rejects(
      extractBulletin(await textPdf(['Calidad del aire: Buena', 'Indice AQI 42 puntos']), 'd.pdf', LIMITS, { languageModel: model }),
      (err: { code?: string }) => err.code === 'no_air_quality_data',
    );
  });
});

/**
 * The AI helpers: analyze, suggestTemplate, generate and render. The domain engine
 * (domain/) computes the facts and writes the offline text; a configured language
 * model may rewrite it, and its text is used only when every check passes; a
 * configured speech server turns the narration into an AAC track the video is
 * timed to. No HTTP and no SQL here.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { cardSeconds, DEFAULT_AQI_STANDARD, findFfmpeg, listTemplates, sceneTimeline, type AqiStandardId, type Language, type RenderParams } from '@aqcast/engine';
import { isAqiStandardId, isFormat, isIndexOnlyStandardId, isLanguage } from '@aqcast/vocabulary';
import type { Logger } from 'pino';
import { notFound, validationError, type FieldError } from '../../core/errors.js';
import { newToken } from '../../core/ids.js';
import { parseRenderParams } from '../../core/render-params.js';
import type { Storage } from '../../core/storage/storage.js';
import { transaction, type Executor, type Store } from '../../core/store/database.js';
import type { ContextService } from '../contexts/index.js';
import type { BrandService } from '../brands/index.js';
import type { JobExtension, JobRenderExtras, QueueService } from '../queue/index.js';
import type { AiRenderBody, AiRenderResult, AnalysisView, AnalyzeBody, Channel, CueView, GeneratedView, GenerateBody, ModelUse, SuggestBody, SuggestionsView, SuggestionView } from './contract.js';
import { analyze, type SeriesPoint } from './domain/analysis.js';
import { cuesFor, estimatedTimes, scriptPieces, SENTENCE_GAP_SEC, spokenCues, voicedSentence, type ScriptPiece, type SpokenSentence } from './domain/captions.js';
import { reportFacts, type ReportFacts } from './domain/facts.js';
import { checkModelText } from './domain/guardrails.js';
import { pollutant } from './domain/grammar.js';
import { decimalsFor, formatNumber, writtenUnits } from './domain/locale.js';
import { hasPollutant, measurementsOf, type Measurements } from './domain/measurements.js';
import { suggestTemplates } from './domain/suggest.js';
import { estimateSeconds, NARRATION_LEAD_SEC, NARRATION_TAIL_SEC, SCRIPTED_TEMPLATES, writeOffline, type OfflineText, type SegmentKind } from './domain/text.js';
import { fitSpeedup, kindOfSentence, placeOnScenes } from './domain/placement.js';
import { describePicture, toSrt, transcript } from './domain/accessible.js';
import { breakLines, toWebVtt } from './domain/webvtt.js';
import { assembleTrack, decodeClips, encodeAac, LOUDNESS_SOCIAL_LUFS, NARRATION_SAMPLE_RATE, normalizeLoudness, pcmSeconds, type NarrationTrack, type PcmClips } from './narration-audio.js';
import { mixMusicBed } from './music-bed.js';
import type { ChatModel } from './providers/chat.js';
import { OFFLINE_MAX_RATE_WPM, OFFLINE_RATE_WPM, OFFLINE_VOICES, type OfflineSpeech, type SpokenClip } from './providers/offline-speech.js';
import { alignWords, type WordStart } from './word-alignment.js';
import { SpeechError, type SpeechModel } from './providers/speech.js';
import { AiRenderStore } from './store.js';

export interface AiServiceOptions {
  store: Store;
  storage: Storage;
  logger: Logger;
  queue: QueueService;
  /** AI renders in a brand (`brandId`, or the default brand). */
  brands: Pick<BrandService, 'forRender'>;
  contexts: ContextService;
  publicBaseUrl: () => string;
  chat: ChatModel | null;
  speech: SpeechModel | null;
  /** The offline narrator, used when no speech server is configured or it fails. */
  offline: OfflineSpeech | null;
  ffmpegPath: string | null;
}

/** A narration track with the timing of each sentence's words, and who spoke it. */
interface Narrated {
  track: NarrationTrack;
  /** The audio-description track: the picture described, then the narration (null when there is nothing to describe). */
  description: NarrationTrack | null;
  sentences: SpokenSentence[];
  provider: 'offline' | 'external';
  voice: string;
  /** Why the speech server was not used, when it failed and the offline narrator spoke instead. */
  fallback: string | null;
}

/** Fields every AI request may carry (see contract.ts). */
type InputBody = AnalyzeBody | SuggestBody | GenerateBody | AiRenderBody;

interface ResolvedInput {
  contextId: string | null;
  location: string | null;
  values: Measurements;
  language: Language;
  languageSource: 'request' | 'context' | 'default';
  date: string;
  standard: AqiStandardId;
  series: SeriesPoint[] | undefined;
}

/** Everything generate and render share: the analysis, the chosen template and the text. */
interface Composed {
  input: ResolvedInput;
  location: string;
  analysis: AnalysisView;
  facts: ReportFacts;
  suggestion: SuggestionView;
  params: RenderParams;
  durationSec: number;
  offline: OfflineText;
  headline: string;
  /** Narration sentences as spoken and as read, and what each is about (null: not known, from a model's text). */
  sentences: { spoken: string; written: string; kind: SegmentKind | null }[];
  social: string;
  source: 'offline' | 'model';
  model: ModelUse;
}

/** A runner of one store transaction (the route's, which also records the idempotent answer). */
export type TransactionRunner = <T>(work: (trx: Executor) => Promise<T>) => Promise<T>;

/** The public files of an AI render beside its video: the accessible package. */
const ACCESSIBLE_FILES: readonly string[] = ['captions.vtt', 'captions.srt', 'transcript.txt', 'audio.m4a', 'description.m4a'];
const round3 = (x: number) => Math.round(x * 1000) / 1000;
const isRealDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

export class AiService implements JobExtension {
  readonly rows: AiRenderStore;

  constructor(private readonly o: AiServiceOptions) {
    this.rows = new AiRenderStore(o.store);
  }

  // ── inputs ───────────────────────────────────────────────────────────────

  /** The request's values over its context's, with language, date and standard settled; 400/404 on bad input. */
  private async resolve(body: InputBody): Promise<ResolvedInput> {
    const errors: FieldError[] = [];
    const ctx = body.contextId ? await this.o.contexts.valuesOf(this.o.store.db, body.contextId) : null;
    if (body.contextId && !ctx) throw notFound('Context', body.contextId);
    if (typeof body.temperatura === 'number' && typeof body.temperature === 'number' && body.temperatura !== body.temperature) errors.push({ field: 'temperature', message: `must equal temperatura (${body.temperatura}) when both are given` });
    if (body.date !== undefined && !isRealDate(body.date)) errors.push({ field: 'date', message: 'is not a calendar date' });
    // The analysis rates concentrations: a standard drawn from a given index only rates none.
    if (isIndexOnlyStandardId(body.aqiStandard)) errors.push({ field: 'aqiStandard', message: `${body.aqiStandard} is drawn from a given index only: it rates no concentration` });
    const series = body.series?.map((pt, i): SeriesPoint => {
      if (Number.isNaN(Date.parse(pt.at.replace(' ', 'T'))) || !isRealDate(pt.at.slice(0, 10))) errors.push({ field: `series[${i}].at`, message: 'is not a real date or date-time' });
      if (typeof pt.temperatura === 'number' && typeof pt.temperature === 'number' && pt.temperatura !== pt.temperature) errors.push({ field: `series[${i}].temperature`, message: 'must equal temperatura when both are given' });
      return { at: pt.at, values: measurementsOf(pt) };
    });
    if (errors.length > 0) throw validationError(errors);
    const ctxLanguage = isLanguage(ctx?.language) ? ctx.language : null;
    const ctxDate = ctx?.date && isRealDate(ctx.date) ? ctx.date : null;
    return {
      contextId: ctx?.contextId ?? null,
      location: (body.location ?? ctx?.location ?? null)?.trim().replace(/\s+/g, ' ') || null,
      values: { ...(ctx?.values ?? {}), ...measurementsOf(body) },
      language: (isLanguage(body.language) ? body.language : null) ?? ctxLanguage ?? 'es',
      languageSource: body.language ? 'request' : ctxLanguage ? 'context' : 'default',
      date: body.date ?? ctxDate ?? new Date().toISOString().slice(0, 10),
      standard: isAqiStandardId(body.aqiStandard) ? body.aqiStandard : DEFAULT_AQI_STANDARD,
      series,
    };
  }

  private analysisOf(input: ResolvedInput, standards: readonly AqiStandardId[] = [input.standard]): AnalysisView {
    // With only a series, its latest point is "now".
    let values = input.values;
    if (!hasPollutant(values) && input.series?.length) {
      const latest = [...input.series].sort((a, b) => (a.at < b.at ? -1 : 1)).at(-1);
      if (latest) values = { ...latest.values, ...values };
    }
    return analyze({ values, standards, language: input.language, date: input.date, location: input.location, contextId: input.contextId, ...(input.series ? { series: input.series } : {}) });
  }

  private static requireValues(input: ResolvedInput): void {
    if (Object.keys(input.values).length === 0 && !input.series?.length) {
      throw validationError([{ field: 'pm25', message: 'give at least one value (pm25, pm10, no2, o3, so2, co, temperatura, humidity), a contextId with values, or a series' }]);
    }
  }

  // ── operations ───────────────────────────────────────────────────────────

  /** Sub-indices and categories per standard, WHO comparison, advice, trend. */
  async analyze(body: AnalyzeBody): Promise<AnalysisView> {
    const input = await this.resolve(body);
    AiService.requireValues(input);
    const indexOnly = (body.standards ?? []).filter((id) => isIndexOnlyStandardId(id));
    if (indexOnly.length > 0) throw validationError([{ field: 'standards', message: `${indexOnly.join(', ')} ${indexOnly.length > 1 ? 'are' : 'is'} drawn from a given index only: ${indexOnly.length > 1 ? 'they rate' : 'it rates'} no concentration` }]);
    const standards = body.standards && body.standards.length > 0 ? body.standards : [input.standard];
    return this.analysisOf(input, standards);
  }

  /** Template × format × language, ranked for the channel, with reasons. */
  async suggestTemplate(body: SuggestBody): Promise<SuggestionsView> {
    const input = await this.resolve(body);
    AiService.requireValues(input);
    const analysis = this.analysisOf(input);
    const channel = body.channel ?? 'web';
    return { channel, suggestions: this.suggestionsFor(input, analysis, channel, body.limit ?? 5), category: analysis.primary.category };
  }

  private suggestionsFor(input: ResolvedInput, analysis: AnalysisView, channel: Channel, limit: number): SuggestionView[] {
    const c = analysis.primary.category;
    return suggestTemplates(
      {
        severity: c ? c.severity : null, categoryLabel: c ? c.label : null, pollutants: analysis.primary.pollutants.length + analysis.primary.notCovered.length,
        hasWeather: input.values.temperatura !== undefined || input.values.humidity !== undefined, channel, language: input.language, languageSource: input.languageSource,
      },
      listTemplates(),
      limit,
    );
  }

  /** Headline, narration, captions and a social post. */
  async generate(body: GenerateBody): Promise<GeneratedView> {
    const c = await this.compose(body);
    const timed = estimatedTimes(c.input.language, c.sentences, c.durationSec);
    return this.generatedView(c, cuesFor(timed));
  }

  private generatedView(c: Composed, cues: CueView[]): GeneratedView {
    const spoken = c.sentences.map((s) => s.spoken).join(' ');
    return {
      language: c.input.language,
      location: c.location,
      template: c.params.template,
      format: c.params.format,
      durationSec: c.durationSec,
      headline: c.headline,
      narration: {
        text: spoken,
        segments: c.sentences.map((s) => s.spoken),
        voiced: c.sentences.map((s) => voicedSentence(scriptPieces(c.input.language, s.spoken)).text),
        words: spoken.split(/\s+/).filter(Boolean).length,
        estimatedSec: Math.round(estimateSeconds(c.input.language, spoken) * 10) / 10,
        targetSec: c.offline.targetSec,
      },
      captions: { vtt: toWebVtt(cues), cues },
      social: c.social,
      source: c.source,
      model: c.model,
    };
  }

  /** Resolve, analyze, pick the template, write offline, let the model try. */
  private async compose(body: GenerateBody | AiRenderBody): Promise<Composed> {
    const input = await this.resolve(body);
    if (!input.location) throw validationError([{ field: 'location', message: body.contextId ? 'is required: the context has no location' : 'is required' }]);
    const location = input.location;
    const analysis = this.analysisOf(input);
    const channel = body.channel ?? 'web';
    const ranked = this.suggestionsFor(input, analysis, channel, 100);
    const suggestion =
      ranked.find((s) => (!body.template || s.template === body.template) && (!body.format || s.format === body.format)) ??
      ({ template: body.template ?? 'daily-report', format: body.format !== undefined && isFormat(body.format) ? body.format : 'landscape', language: input.language, score: 0, durationSec: 0, reasons: [{ code: 'requested', message: 'As requested.' }] } satisfies SuggestionView);
    const params = parseRenderParams({
      location, template: suggestion.template, format: suggestion.format, language: input.language, aqiStandard: input.standard, date: input.date,
      ...('resolution' in body && body.resolution ? { resolution: body.resolution } : {}),
      ...analysis.values,
    });
    const durationSec = listTemplates().find((t) => t.id === params.template)?.durationSec ?? 15;
    suggestion.durationSec = durationSec;
    const facts = reportFacts(analysis, location);
    const offline = writeOffline(facts, { template: params.template, durationSec });
    const composed: Composed = {
      input, location, analysis, facts, suggestion, params, durationSec, offline, headline: offline.headline,
      sentences: offline.segments.map((s) => ({ spoken: s.spoken, written: s.written, kind: s.kind })), social: offline.social, source: 'offline',
      model: { configured: this.o.chat !== null, model: this.o.chat?.model ?? null, used: false, refusal: this.o.chat ? null : 'not_configured', detail: null },
    };
    if (!this.o.chat) return composed;
    if (body.useModel === false) return { ...composed, model: { ...composed.model, refusal: 'disabled', detail: 'useModel is false' } };
    return this.tryModel(composed, this.o.chat);
  }

  private async tryModel(c: Composed, chat: ChatModel): Promise<Composed> {
    const lang = c.input.language;
    const outcome = await chat.rewrite({
      language: lang, location: c.location, facts: this.factsForModel(c.facts),
      draft: { headline: c.offline.headline, narration: c.offline.segments.map((s) => s.spoken), social: c.offline.social },
      maxWords: Math.floor(c.offline.targetSec * 2.5),
    });
    const refused = (refusal: ModelUse['refusal'], detail: string): Composed => {
      this.o.logger.info({ model: chat.model, refusal, detail }, 'language model answer not used; offline text kept');
      return { ...c, model: { ...c.model, refusal, detail } };
    };
    if (!outcome.ok) return refused(outcome.reason, outcome.detail);
    const verdict = checkModelText(c.facts, c.offline, outcome.candidate);
    if (!verdict.ok) return refused(verdict.reason, verdict.detail);
    const { headline, narration, social } = outcome.candidate;
    return {
      ...c, headline, social, source: 'model',
      sentences: narration.map((spoken) => ({ spoken, written: writtenUnits(lang, spoken), kind: kindOfSentence(c.facts, spoken) })),
      model: { ...c.model, used: true, refusal: null, detail: null },
    };
  }

  /** The facts as the model reads them: numbers already written the language's way, to copy as they are. */
  private factsForModel(f: ReportFacts): Record<string, unknown> {
    const lang = f.language;
    const p = (x: NonNullable<ReportFacts['dominant']>) => ({
      pollutant: pollutant(lang, x.id).name, symbol: pollutant(lang, x.id).symbol, value: formatNumber(lang, x.value, decimalsFor(x.id)), unit: x.unit,
      category: x.category?.label ?? null, timesWhoGuideline: formatNumber(lang, x.who.ratio, 1), whoGuideline: `${formatNumber(lang, x.who.guideline, 2)} ${x.who.unit}`,
    });
    return {
      place: f.location, date: f.date, index: f.indexName && f.index !== null ? `${f.indexName} ${formatNumber(lang, f.index, 0)}` : null, category: f.category?.label ?? null,
      mainPollutant: f.dominant ? p(f.dominant) : null, otherPollutants: f.others.map(p),
      temperature: f.temperature !== null ? `${formatNumber(lang, f.temperature, 1)} °C` : null, humidity: f.humidity !== null ? `${formatNumber(lang, f.humidity, 0)} %` : null,
      advice: f.advice ? { everyone: f.advice.general, sensitiveGroups: f.advice.sensitiveGroups } : null,
    };
  }

  /**
   * Analyze + suggest + generate + a render job, in one call. The slow part (model,
   * speech, files) runs first; the job and its AI row are written in one
   * transaction of `inTransaction`'s, so a failure leaves no job and no row.
   */
  async render(body: AiRenderBody, inTransaction: TransactionRunner = (work) => transaction(this.o.store, work)): Promise<AiRenderResult> {
    if (body.narration !== false && body.template !== undefined && !SCRIPTED_TEMPLATES.includes(body.template)) {
      throw validationError([{ field: 'narration', message: `the ${body.template} template has no narration script (it does not report one place's values); set narration to false, or use one of ${SCRIPTED_TEMPLATES.join(', ')}` }]);
    }
    const c = await this.compose(body);
    // Checked before any narration is made; the version is read again when the job is queued.
    const brand = await this.o.brands.forRender(body.brandId, 'brandId');
    // A brand's intro card plays before the report: the narration and captions start after it, the outro follows the report.
    const cards = cardSeconds(brand?.cards);
    const lang = c.input.language;
    if (body.voice !== undefined && !OFFLINE_VOICES[lang].includes(body.voice)) {
      throw validationError([{ field: 'voice', message: `is not a ${lang} voice of the offline narrator; use one of ${OFFLINE_VOICES[lang].join(', ')}` }]);
    }
    const token = newToken();
    const stored: string[] = [];
    let trackFile: string | null = null;
    let descriptionFile: string | null = null;
    const work = join(this.o.storage.workDir, `ai-${token}`);
    const description = describePicture(c.facts, c.headline);
    try {
      const loudnessLufs = body.loudnessLufs ?? LOUDNESS_SOCIAL_LUFS;
      let narration: AiRenderResult['narration'] = { status: body.narration === false ? 'off' : 'not_configured', voice: null, durationSec: null, detail: null, provider: null, fallback: false, loudnessLufs: null, sentences: [], music: false };
      let spoken: Narrated | null = null;
      const script = c.sentences.map((s) => scriptPieces(lang, s.spoken));
      // Each sentence over the scene that shows what it says (the engine's scene timeline of this render).
      const scenes = sceneTimeline(c.params, { cards: brand?.cards });
      let placed: (string | null)[] = [];
      const place = (lengths: readonly number[]) => {
        const at = placeOnScenes(lengths.map((durationSec, i) => ({ kind: c.sentences[i]?.kind ?? null, durationSec })), scenes, { leadSec: cards.intro + NARRATION_LEAD_SEC, gapSec: SENTENCE_GAP_SEC });
        placed = at.map((p) => p.scene);
        return at.map((p) => p.start);
      };
      if (body.narration !== false && (this.o.speech || this.o.offline)) {
        try {
          spoken = await this.narrate(script, description.map((d) => scriptPieces(lang, d)), lang, body.voice, loudnessLufs, place, cards.intro + c.durationSec);
          trackFile = spoken.track.file;
          descriptionFile = spoken.description?.file ?? null;
          narration = {
            status: 'mixed', voice: spoken.voice, durationSec: Math.round(spoken.track.durationSec * 1000) / 1000, provider: spoken.provider, fallback: spoken.fallback !== null, loudnessLufs,
            detail: spoken.fallback ? `${spoken.fallback}; spoken by the offline narrator instead` : null,
            sentences: spoken.sentences.map((t, i) => ({ text: c.sentences[i]?.written ?? '', start: round3(t.start), end: round3(t.end), scene: placed[i] ?? null })),
            music: false,
          };
        } catch (err) {
          const detail = err instanceof SpeechError ? err.detail : err instanceof Error ? err.message : String(err);
          this.o.logger.warn({ detail }, 'narration failed; rendering without it');
          narration = { status: 'failed', voice: this.o.speech?.voiceFor(lang) ?? null, durationSec: null, detail, provider: null, fallback: false, loudnessLufs: null, sentences: [], music: false };
        }
      }
      const track = spoken?.track ?? null;
      const cues = spoken ? spokenCues(spoken.sentences) : cuesFor(estimatedTimes(lang, c.sentences, c.durationSec).map((s) => ({ ...s, start: s.start + cards.intro, end: s.end + cards.intro })));
      // A narration past the template's end lengthens the last scene; the voice is never cut.
      const minDurationSec = track ? round3(track.durationSec + NARRATION_TAIL_SEC) : null;
      // The intro and the report last at least minDurationSec; the outro card follows.
      const videoDurationSec = Math.max(cards.intro + c.durationSec, Math.ceil((minDurationSec ?? 0) * 30 - 1e-6) / 30) + cards.outro;
      const burn = body.burnCaptions !== false;

      const captionsKey = `ai/${token}/captions.vtt`;
      await writeFile(`${work}.vtt`, toWebVtt(cues));
      await this.o.storage.put(captionsKey, `${work}.vtt`, 'text/vtt');
      stored.push(captionsKey);
      let narrationKey: string | null = null;
      let narrationHash: string | null = null;
      // The accessible package: SubRip captions, a transcript, and (with a voice) the audio alone and the audio description.
      const put = async (name: string, file: string, type: string) => {
        const key = `ai/${token}/${name}`;
        await this.o.storage.put(key, file, type);
        stored.push(key);
        return key;
      };
      await writeFile(`${work}.srt`, toSrt(cues, breakLines));
      await put('captions.srt', `${work}.srt`, 'application/x-subrip');
      await writeFile(`${work}.txt`, transcript({ language: lang, headline: c.headline, location: c.location, date: c.input.date, sentences: c.sentences.map((x) => x.written), description }));
      await put('transcript.txt', `${work}.txt`, 'text/plain');
      if (track) {
        const ffmpegPath = findFfmpeg(this.o.ffmpegPath ?? undefined);
        // Encoded before the WAV is stored (storing moves the file), both at once: each is one ffmpeg on one core.
        const descriptionFile = spoken?.description?.file;
        await Promise.all([
          encodeAac(ffmpegPath, track.file, `${work}.audio.m4a`),
          descriptionFile ? encodeAac(ffmpegPath, descriptionFile, `${work}.description.m4a`) : null,
        ]);
        // The video's track: the voice alone, or over the music bed, ducked, brought to the target again.
        let videoTrack = track.file;
        if (body.music === true) {
          videoTrack = `${work}.mix.wav`;
          await mixMusicBed(ffmpegPath, track.file, videoTrack, { durationSec: videoDurationSec, loudnessLufs, workDir: this.o.storage.workDir, seed: `${c.location}|${c.input.date}` });
          narration = { ...narration, music: true };
        }
        narrationHash = createHash('sha256').update(await readFile(videoTrack)).digest('hex');
        narrationKey = await put('narration.wav', videoTrack, 'audio/wav');
        await put('audio.m4a', `${work}.audio.m4a`, 'audio/mp4');
        if (descriptionFile) await put('description.m4a', `${work}.description.m4a`, 'audio/mp4');
      }
      const renderKeyExtra = JSON.stringify({ ai: 1, cues: burn ? cues : null, narration: narrationHash, minDurationSec });

      return await inTransaction(async (trx) => {
        const brand = await this.o.brands.forRender(body.brandId, 'brandId', trx);
        const [job] = await this.o.queue.enqueue([{ params: c.params, options: { priority: body.priority ?? 0, contextId: c.input.contextId, renderKeyExtra, brand } }], trx);
        if (!job) throw new Error('enqueue returned no job');
        await this.rows.insert(trx, {
          job_id: job.jobId, language: lang, captions_key: captionsKey, cues: JSON.stringify(cues), burn_in: burn ? 1 : 0, narration_key: narrationKey,
          narration_sec: track ? track.durationSec : null, min_duration_sec: minDurationSec, text_source: c.source, created_at: new Date().toISOString(),
        });
        const row = await this.o.queue.jobs.get(job.jobId, trx);
        const folder = `${this.o.publicBaseUrl()}/files/${row?.file_token ?? ''}`;
        return {
          jobId: job.jobId, job, renderParams: { ...c.params }, captionsUrl: `${folder}/captions.vtt`, burnCaptions: burn,
          accessibility: {
            captionsVtt: `${folder}/captions.vtt`, captionsSrt: `${folder}/captions.srt`, transcript: `${folder}/transcript.txt`,
            audio: track ? `${folder}/audio.m4a` : null, audioDescription: spoken?.description ? `${folder}/description.m4a` : null, description,
          },
          videoDurationSec: Math.round(videoDurationSec * 1000) / 1000, narration, suggestion: c.suggestion, text: this.generatedView(c, cues), analysis: c.analysis,
        };
      });
    } catch (err) {
      await Promise.all(stored.map((k) => this.o.storage.remove(k).catch(() => {})));
      throw err;
    } finally {
      // Stored files were moved into storage; whatever is left in the work dir goes.
      await Promise.all([
        ...['vtt', 'srt', 'txt', 'audio.m4a', 'description.m4a', 'mix.wav'].map((ext) => rm(`${work}.${ext}`, { force: true })),
        ...[trackFile, descriptionFile].filter((f): f is string => f !== null).map((f) => rm(f, { force: true })),
      ]);
    }
  }

  /**
   * Each sentence spoken, as one track with its timing: by the speech server when
   * one is configured, else (or when it fails) by the offline narrator, which also
   * says when each word starts. `place` gives each sentence's start from the
   * sentences' lengths (on the scenes); the audio description is read straight through.
   */
  private async narrate(
    script: readonly ScriptPiece[][], described: readonly ScriptPiece[][], language: Language, voice: string | undefined, loudnessLufs: number, place: (lengths: readonly number[]) => number[], reportEndSec: number,
  ): Promise<Narrated> {
    const texts = script.map((pieces) => voicedSentence(pieces).text);
    const descTexts = described.map((pieces) => voicedSentence(pieces).text);
    const n = descTexts.length;
    const ffmpegPath = findFfmpeg(this.o.ffmpegPath ?? undefined);
    const workDir = this.o.storage.workDir;
    // The whole track brought to the loudness asked for (EBU R128: measured, then one gain and a limiter).
    const normalised = async (raw: NarrationTrack): Promise<NarrationTrack> => {
      const file = raw.file.replace(/\.wav$/, '.r128.wav');
      try {
        await normalizeLoudness(ffmpegPath, raw.file, file, loudnessLufs);
      } catch (err) {
        await rm(file, { force: true });
        throw err;
      } finally {
        await rm(raw.file, { force: true });
      }
      return { ...raw, file };
    };
    const straight = (lengths: readonly number[]) => {
      let at = NARRATION_LEAD_SEC;
      return lengths.map((len) => {
        const start = at;
        at += len + SENTENCE_GAP_SEC;
        return start;
      });
    };
    // Both tracks from the clips: the description's sentences first, then the narration's (`own`, which may be spoken faster to fit the video).
    const build = async (clips: PcmClips, own: PcmClips = { pcms: clips.pcms.slice(n), sampleRate: clips.sampleRate }) => {
      const seconds = (c: PcmClips) => c.pcms.map((pcm) => pcmSeconds(pcm, c.sampleRate));
      // The two tracks are made side by side: each is ffmpeg work on its own core.
      const [track, description] = await Promise.allSettled([
        assembleTrack(own, place(seconds(own)), workDir).then(normalised),
        n > 0 ? assembleTrack(clips, straight(seconds(clips)), workDir).then(normalised) : Promise.resolve(null),
      ]);
      if (track.status === 'fulfilled' && description.status === 'fulfilled') return { track: track.value, description: description.value, own: own.pcms };
      await Promise.all([track, description].map((t) => (t.status === 'fulfilled' && t.value ? rm(t.value.file, { force: true }) : null)));
      throw track.status === 'rejected' ? track.reason : description.status === 'rejected' ? description.reason : new Error('unreachable');
    };
    let fallback: string | null = null;
    if (this.o.speech) {
      try {
        const clips: Buffer[] = [];
        for (const t of [...descTexts, ...texts]) clips.push(await this.o.speech.speak(t, language));
        const { track, description, own } = await build({ pcms: await decodeClips(clips, { ffmpegPath, workDir }), sampleRate: NARRATION_SAMPLE_RATE });
        const words = await this.alignedWords(texts, own, language);
        return {
          track, description, provider: 'external', voice: this.o.speech.voiceFor(language), fallback: null,
          sentences: track.sentences.map((t, i) => ({ pieces: script[i] ?? [], start: t.start, end: t.end, ...(words[i] ? { words: words[i] } : {}) })),
        };
      } catch (err) {
        // A server that answers garbage fails to decode; one that is down fails to answer. Either way the offline narrator speaks.
        if (!this.o.offline) throw err;
        fallback = err instanceof SpeechError ? err.detail : err instanceof Error ? err.message : String(err);
        this.o.logger.warn({ detail: fallback }, 'speech server failed; the offline narrator speaks instead');
      }
    }
    if (!this.o.offline) throw new SpeechError('no narrator is configured');
    const chosen = this.o.offline.voiceFor(language, voice) ?? OFFLINE_VOICES[language][0] ?? 'en-us';
    const offline = this.o.offline;
    const speakAll = async (list: readonly string[], rateWpm?: number) => {
      const out: SpokenClip[] = [];
      for (const t of list) out.push(await offline.speak(t, chosen, rateWpm));
      return out;
    };
    const all = await speakAll([...descTexts, ...texts]);
    let spoken = all.slice(n);
    // A narration that would run past the report is spoken a little faster, when that makes it fit (the audio description keeps the usual pace).
    const lengths = spoken.map((c) => c.durationSec);
    const speedup = fitSpeedup(lengths, place(lengths), { endSec: reportEndSec - NARRATION_TAIL_SEC, maxSpeedup: OFFLINE_MAX_RATE_WPM / OFFLINE_RATE_WPM, gapSec: SENTENCE_GAP_SEC });
    if (speedup > 1) spoken = await speakAll(texts, OFFLINE_RATE_WPM * speedup);
    // eSpeak's clips share one rate and are laid out as they are; decoding them is only for a narrator that mixes rates.
    const asPcm = async (clips: readonly SpokenClip[]): Promise<PcmClips> => {
      const rate = clips[0]?.sampleRate ?? NARRATION_SAMPLE_RATE;
      if (clips.every((c) => c.sampleRate === rate)) return { pcms: clips.map((c) => c.pcm), sampleRate: rate };
      return { pcms: await decodeClips(clips.map((c) => c.audio), { ffmpegPath, workDir }), sampleRate: NARRATION_SAMPLE_RATE };
    };
    const { track, description } = await build(await asPcm([...all.slice(0, n), ...spoken]), await asPcm(spoken));
    return { track, description, sentences: track.sentences.map((t, i) => ({ pieces: script[i] ?? [], start: t.start, end: t.end, words: spoken[i]?.words ?? [] })), provider: 'offline', voice: chosen, fallback };
  }

  /**
   * When each word starts in a speech server's sentences, which come as audio only:
   * the offline narrator reads each sentence too and its word times are carried onto
   * the server's audio by aligning the two (see word-alignment.ts). A sentence that
   * cannot be aligned (or no offline narrator) gets none, and its captions share the
   * sentence by voiced length.
   */
  private async alignedWords(texts: readonly string[], pcms: readonly Buffer[], language: Language): Promise<(WordStart[] | null)[]> {
    const offline = this.o.offline;
    if (!offline) return texts.map(() => null);
    const voice = OFFLINE_VOICES[language][0] ?? 'en-us';
    const ffmpegPath = findFfmpeg(this.o.ffmpegPath ?? undefined);
    const out: (WordStart[] | null)[] = [];
    for (const [i, text] of texts.entries()) {
      const target = pcms[i];
      try {
        const ref = await offline.speak(text, voice);
        const [refPcm] = await decodeClips([ref.audio], { ffmpegPath, workDir: this.o.storage.workDir });
        out.push(target && refPcm ? alignWords({ pcm: refPcm, words: ref.words }, target) : null);
      } catch (err) {
        this.o.logger.warn({ detail: err instanceof Error ? err.message : String(err) }, 'a sentence from the speech server could not be aligned; its captions share it by length');
        out.push(null);
      }
    }
    return out;
  }

  /** Ends the offline narrator's worker. */
  async close(): Promise<void> {
    await this.o.offline?.close();
  }

  // ── the queue's extension point ──────────────────────────────────────────

  /** Captions, narration and minimum length for a job this module queued. */
  async renderExtras(jobId: string, workDir: string): Promise<{ options: JobRenderExtras; cleanup?: () => Promise<void> } | null> {
    const row = await this.rows.get(jobId);
    if (!row) return null;
    // Written by this service from the cues it made for this job.
    const options: JobRenderExtras = { captions: { cues: JSON.parse(row.cues) as CueView[], burnIn: row.burn_in === 1 } };
    if (row.min_duration_sec !== null) options.minDurationSec = row.min_duration_sec;
    if (!row.narration_key) return { options };
    const file = `${workDir}.narration.wav`;
    await pipeline(await this.o.storage.read(row.narration_key), createWriteStream(file));
    return { options: { ...options, audio: { file } }, cleanup: () => rm(file, { force: true }) };
  }

  /** The storage key of a file of the accessible package of a job this module queued, when that file exists. */
  async fileKey(jobId: string, name: string): Promise<string | null> {
    if (!ACCESSIBLE_FILES.includes(name)) return null;
    const row = await this.rows.get(jobId);
    if (!row) return null;
    if (name === 'captions.vtt') return row.captions_key;
    if ((name === 'audio.m4a' || name === 'description.m4a') && !row.narration_key) return null;
    // Every file of the package sits beside the captions (ai/<token>/…); renders stored before a file existed lack it.
    const key = `${row.captions_key.slice(0, row.captions_key.lastIndexOf('/'))}/${name}`;
    return (await this.o.storage.stat(key)) ? key : null;
  }
}

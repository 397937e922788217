import type { AiAnalysis, AiAnalyzeInput, AiGeneratedText, AiGenerateInput, AiRender, AiRenderInput, AiSuggestInput, AiSuggestions, Job } from '../types.js';
import type { Transport } from '../http.js';
import type { CreateOptions, Renders } from './renders.js';
import { requestOptions, Resource, type CallOptions } from './resource.js';

/** An AI render, and the finished job when `wait: true` was asked. */
export type AiRenderOutcome = AiRender & { finished?: Job };

/**
 * The AI helpers: `POST /ai/analyze`, `/ai/suggest-template`, `/ai/generate`,
 * `/ai/render`. Each takes values (as `renders.create` does) or a `contextId`.
 */
export class Ai extends Resource {
  constructor(
    http: Transport,
    private readonly renders: Renders,
  ) {
    super(http);
  }

  /** Sub-index and category of each pollutant per standard, WHO comparison, advice and (with `series`) a trend. */
  analyze(input: AiAnalyzeInput, opts?: CallOptions): Promise<AiAnalysis> {
    return this.http.request<AiAnalysis>('POST', '/ai/analyze', { ...requestOptions(opts), body: input });
  }

  /** Templates, formats and language ranked for the values and `channel` (tv, social, web), with reasons. */
  suggestTemplate(input: AiSuggestInput, opts?: CallOptions): Promise<AiSuggestions> {
    return this.http.request<AiSuggestions>('POST', '/ai/suggest-template', { ...requestOptions(opts), body: input });
  }

  /** Headline, narration, WebVTT captions and a social post; `source` is `offline` or `model`. */
  generate(input: AiGenerateInput, opts?: CallOptions): Promise<AiGeneratedText> {
    return this.http.request<AiGeneratedText>('POST', '/ai/generate', { ...requestOptions(opts), body: input });
  }

  /**
   * Analyze + suggest + generate + a render job with captions and a narration (the
   * offline narrator, or the speech server when one is configured). With `wait: true`, also polls until the job ends
   * and returns it as `finished`.
   */
  async render(input: AiRenderInput, opts: CreateOptions = {}): Promise<AiRenderOutcome> {
    const out = await this.http.request<AiRender>('POST', '/ai/render', { ...requestOptions({ idempotencyKey: opts.idempotencyKey, signal: opts.signal }), body: input });
    if (!opts.wait) return out;
    return { ...out, finished: await this.renders.wait(out.jobId, opts) };
  }
}

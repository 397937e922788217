/**
 * A language model behind an OpenAI-compatible chat-completions API (OpenAI, Ollama,
 * vLLM, LM Studio, llama.cpp server, …): asked to rewrite the offline text, it must
 * answer with JSON `{ headline, narration: [sentences], social }`. Any failure —
 * unreachable, slow, a non-2xx status, an answer that is not that JSON — comes back
 * as a refusal reason; the caller keeps the offline text.
 */
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Language } from '@aqcast/engine';
import type { LanguageModelConfig } from '../../../core/config.js';
import { OutboundRequestError, postJson } from '../../../core/outbound/request.js';
import type { AllowedNetworks } from '../../../core/outbound/ssrf.js';
import type { ModelRefusal } from '../contract.js';
import type { CandidateText } from '../domain/guardrails.js';

export interface RewriteRequest {
  language: Language;
  location: string;
  /** The facts, as plain JSON the model can read. */
  facts: Record<string, unknown>;
  draft: { headline: string; narration: string[]; social: string };
  /** Longest narration, in words. */
  maxWords: number;
}

export type RewriteOutcome = { ok: true; candidate: CandidateText } | { ok: false; reason: ModelRefusal; detail: string };

const LANGUAGE_NAME: Record<Language, string> = { es: 'Spanish', en: 'English', pt: 'Brazilian Portuguese' };

/** The instructions: what may change (wording) and what may not (every fact). */
export function systemPrompt(r: RewriteRequest): string {
  const decimal = r.language === 'en' ? 'a decimal point (87.4)' : 'a decimal comma (87,4)';
  return [
    `You are the writer of a short air-quality report video, in ${LANGUAGE_NAME[r.language]}.`,
    'Rewrite the draft so it reads naturally, like a news presenter, keeping every fact.',
    'Rules:',
    `- Use only numbers that appear in the facts or the draft, exactly as written there, with ${decimal}. Never round, never add a number.`,
    '- Keep each number with its unit. In the narration write units as spoken words (as the draft does); in the headline and the post use symbols.',
    '- Keep the category names exactly as written in the facts; do not use any other category name.',
    `- Name the place exactly as "${r.location}". Mention no other place.`,
    '- State the category and the index value (when there is one) in the headline or the narration.',
    `- The narration is spoken: at most ${r.maxWords} words, split into sentences.`,
    '- The post is at most 280 characters.',
    'Answer with JSON only, no commentary: {"headline": string, "narration": [string, ...], "social": string}',
  ].join('\n');
}

/** The JSON object inside a model's reply (bare, or in a ``` block), or null. */
export function extractJson(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  const text = (fenced ? fenced[1] : content) ?? '';
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const parsed: unknown = JSON.parse(text.slice(start, end + 1));
    return parsed;
  } catch {
    return null;
  }
}

const JsonObject = Type.Record(Type.String(), Type.Unknown());
/** An OpenAI-style chat completion, as far as it is read: the first choice's message text. */
const ChatAnswer = Type.Object({ choices: Type.Array(Type.Object({ message: Type.Object({ content: Type.Unknown() }) }), { minItems: 1 }) });

/** The first choice's message content of a parsed chat completion (unknown: the caller checks it is text). */
function contentOf(parsed: unknown): unknown {
  return Value.Check(ChatAnswer, parsed) ? parsed.choices[0]?.message.content : undefined;
}

/** The candidate text in a parsed answer, or a reason it is not one. */
export function candidateFrom(value: unknown): CandidateText | string {
  if (!Value.Check(JsonObject, value)) return 'the answer is not a JSON object';
  const o = value;
  let narration = o.narration;
  // Some models answer one paragraph; read it as sentences.
  if (typeof narration === 'string') narration = narration.split(/(?<=[.!?])\s+/).filter(Boolean);
  if (typeof o.headline !== 'string') return 'headline is missing or not a string';
  if (!Array.isArray(narration) || !narration.every((s) => typeof s === 'string')) return 'narration is missing or not a list of strings';
  if (typeof o.social !== 'string') return 'social is missing or not a string';
  const sentences = narration.filter((s): s is string => typeof s === 'string');
  return { headline: o.headline.trim(), narration: sentences.map((s) => s.trim()).filter(Boolean), social: o.social.trim() };
}

export class ChatModel {
  constructor(
    private readonly config: LanguageModelConfig,
    private readonly allowed: AllowedNetworks,
  ) {}

  get model(): string {
    return this.config.model;
  }

  /**
   * Reads a bulletin's text for the ingest module (`LanguageModel` of @aqcast/extract):
   * the instructions and the text, the answer constrained to `schema` (OpenAI
   * structured outputs; servers that ignore `response_format` are still held to it by
   * the extraction's checks). Throws on any failure — the extraction then goes on
   * without the model and says why.
   */
  async readBulletin(request: { text: string; schema: object; instructions: string }, signal?: AbortSignal): Promise<unknown> {
    const body = {
      model: this.config.model,
      messages: [
        { role: 'system', content: request.instructions },
        { role: 'user', content: request.text },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'bulletin_values', strict: true, schema: request.schema } },
      temperature: 0,
      max_tokens: this.config.maxTokens,
      stream: false,
    };
    const res = await this.post(body, signal).catch((err: unknown) => {
      throw new Error(err instanceof OutboundRequestError ? `the model server cannot be reached (${err.detail})` : String(err));
    });
    if (res.status < 200 || res.status > 299) throw new Error(`the model server answered HTTP ${res.status}`);
    const content = contentOf(JSON.parse(res.body.toString('utf8')));
    if (typeof content !== 'string') throw new Error('the answer has no choices[0].message.content');
    const answer = extractJson(content);
    if (answer === null) throw new Error('the answer is not a JSON object');
    return answer;
  }

  /** One chat completion request to the configured server (through the SSRF guard). */
  private post(body: object, signal: AbortSignal | undefined) {
    return postJson(`${this.config.baseUrl}/chat/completions`, body, {
      timeoutMs: this.config.timeoutMs,
      allowed: this.allowed,
      maxResponseBytes: 1024 * 1024,
      headers: this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {},
      ...(signal ? { signal } : {}),
    });
  }

  /** Asks for a rewrite; never throws for the provider's faults. */
  async rewrite(r: RewriteRequest, signal?: AbortSignal): Promise<RewriteOutcome> {
    const body = {
      model: this.config.model,
      messages: [
        { role: 'system', content: systemPrompt(r) },
        { role: 'user', content: JSON.stringify({ facts: r.facts, draft: r.draft }) },
      ],
      temperature: this.config.temperature,
      max_tokens: this.config.maxTokens,
      stream: false,
    };
    let res;
    try {
      res = await this.post(body, signal);
    } catch (err) {
      if (err instanceof OutboundRequestError) return { ok: false, reason: err.code === 'timeout' ? 'timeout' : 'unreachable', detail: err.detail };
      throw err;
    }
    if (res.status < 200 || res.status > 299) return { ok: false, reason: 'http_error', detail: `the model server answered HTTP ${res.status}` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body.toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed', detail: 'the answer is not JSON' };
    }
    const content = contentOf(parsed);
    if (typeof content !== 'string') return { ok: false, reason: 'malformed', detail: 'the answer has no choices[0].message.content' };
    const candidate = candidateFrom(extractJson(content));
    if (typeof candidate === 'string') return { ok: false, reason: 'malformed', detail: candidate };
    return { ok: true, candidate };
  }
}

/**
 * Standard Webhooks signing and verification (https://www.standardwebhooks.com).
 *
 * Headers: `webhook-id` (the event id, the same on every retry),
 * `webhook-timestamp` (Unix seconds of this attempt) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, several may be given
 * separated by spaces). The HMAC key is the base64-decoded part after a
 * `whsec_` prefix, otherwise the secret's UTF-8 bytes.
 *
 * `verifyWebhookSignature` is the reference the TS and Python clients mirror:
 * keep it small and keep the rules in this order.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** Default tolerance of `verifyWebhookSignature` for old or future timestamps. */
export const DEFAULT_TOLERANCE_SEC = 300;

// A type alias, not an interface, so it is assignable to plain header records.
export type WebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  /** Absent when the webhook has no secret. */
  'webhook-signature'?: string;
};

/** Why a message failed verification; stable strings a receiver may branch on. */
export type WebhookVerificationCode =
  | 'invalid_secret'
  | 'missing_headers'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_signature'
  | 'invalid_payload';

/** Thrown by {@link verifyWebhookSignature}; never means "try again". */
export class WebhookVerificationError extends Error {
  constructor(
    readonly code: WebhookVerificationCode,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** Thrown for a secret that cannot serve as a key (e.g. `whsec_` followed by non-base64). */
export class InvalidWebhookSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWebhookSecretError';
  }
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The HMAC key bytes of a secret: base64-decoded after `whsec_`, else UTF-8.
 * Throws {@link InvalidWebhookSecretError} for an empty secret or a `whsec_`
 * secret that is not canonical, padded base64 of at least one byte — call it
 * when a caller supplies a secret at registration, to refuse it up front.
 */
export function webhookSecretKey(secret: string): Buffer {
  if (typeof secret !== 'string' || secret === '') throw new InvalidWebhookSecretError('secret must be a non-empty string');
  if (!secret.startsWith(SECRET_PREFIX)) return Buffer.from(secret, 'utf8');
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (encoded === '' || !BASE64.test(encoded)) {
    throw new InvalidWebhookSecretError(`a secret starting with "${SECRET_PREFIX}" must continue with base64 (standard alphabet, padded)`);
  }
  return Buffer.from(encoded, 'base64');
}

/** A new secret: `whsec_` + base64 of 24 random bytes (shown to the caller once). */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` */
function signature(id: string, timestamp: string, body: string, key: Buffer): string {
  return 'v1,' + createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64');
}

/**
 * Headers for one delivery attempt. `timestamp` is the attempt's Unix time in
 * seconds; `body` is the exact string that will be sent. With a null or empty
 * secret no `webhook-signature` header is produced.
 */
export function signWebhook(input: { id: string; timestamp: number; body: string; secret: string | null | undefined }): WebhookHeaders {
  const { id, timestamp, body, secret } = input;
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new RangeError(`timestamp must be whole Unix seconds, got ${timestamp}`);
  const ts = String(timestamp);
  const headers: WebhookHeaders = { 'webhook-id': id, 'webhook-timestamp': ts };
  if (secret) headers['webhook-signature'] = signature(id, ts, body, webhookSecretKey(secret));
  return headers;
}

/** Received headers: a Fetch `Headers`, or a plain object such as Node's `req.headers` (any key case). */
export type ReceivedHeaders = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

function header(headers: ReceivedHeaders, name: string): string | undefined {
  const { get } = headers;
  if (typeof get === 'function') return get.call(headers, name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

/**
 * Verifies a received webhook and returns its parsed JSON body.
 *
 * `body` must be the raw request body (not re-serialized JSON). `headers` may be
 * a plain object (any key case, as Node gives them) or a Fetch `Headers`.
 * `now` (a Date or epoch milliseconds) exists for tests. Throws
 * {@link WebhookVerificationError} when the secret is empty or malformed, a header is
 * missing, the timestamp is not whole seconds or is more than `toleranceSec`
 * away from now (either way), no `v1` signature matches, or the body is not JSON.
 */
export function verifyWebhookSignature<T = unknown>(
  body: string | Buffer,
  headers: ReceivedHeaders,
  secret: string,
  options: { toleranceSec?: number; now?: Date | number } = {},
): T {
  const { toleranceSec = DEFAULT_TOLERANCE_SEC, now = Date.now() } = options;
  let key: Buffer;
  try {
    key = webhookSecretKey(secret);
  } catch (err) {
    throw new WebhookVerificationError('invalid_secret', (err instanceof Error ? err.message : String(err)));
  }
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError('missing_headers', 'missing webhook-id, webhook-timestamp or webhook-signature header');
  }

  if (!/^\d{1,15}$/.test(timestamp)) throw new WebhookVerificationError('invalid_timestamp', 'webhook-timestamp is not whole Unix seconds');
  const nowSec = Math.floor((now instanceof Date ? now.getTime() : now) / 1000);
  if (nowSec - Number(timestamp) > toleranceSec) throw new WebhookVerificationError('timestamp_too_old', 'webhook-timestamp is too old');
  if (Number(timestamp) - nowSec > toleranceSec) throw new WebhookVerificationError('timestamp_too_new', 'webhook-timestamp is in the future');

  const text = typeof body === 'string' ? body : body.toString('utf8');
  const expected = Buffer.from(signature(id, timestamp, text, key));
  // Each candidate is compared in constant time; lengths are public (a v1 signature is always 47 chars).
  const matched = signatures
    .split(' ')
    .map((candidate) => Buffer.from(candidate))
    .some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected));
  if (!matched) throw new WebhookVerificationError('invalid_signature', 'no matching v1 signature');

  try {
    // The signature checked above proves the sender, whose events have the shape T by its contract.
    return JSON.parse(text) as T;
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'the body is not valid JSON');
  }
}

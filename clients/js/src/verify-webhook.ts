/**
 * Verifies Standard Webhooks deliveries (https://www.standardwebhooks.com) with
 * Web Crypto, so it runs in Node, Deno, Bun, browsers and edge runtimes.
 *
 * Rules, in this order (the same as the service's reference and the Python client):
 * the secret must be usable as a key (`whsec_<base64>` → decoded bytes, else its
 * UTF-8 bytes); `webhook-id`, `webhook-timestamp` and `webhook-signature` must all
 * be present; the timestamp must be whole Unix seconds no further than
 * `toleranceSec` from now, either way; one of the space-separated `v1,<base64>`
 * signatures must equal HMAC-SHA256(key, "{id}.{timestamp}.{body}") — compared in
 * constant time; the body must be JSON.
 */
import { WebhookVerificationError } from './errors.js';
import type { WebhookEvent } from './types.js';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const DEFAULT_WEBHOOK_TOLERANCE_SEC = 300;

/** A Fetch `Headers`, or a plain object in any key case (Node's `req.headers`). */
export type HeadersLike = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** Maximum age (and future skew) of `webhook-timestamp`, default 300 s. */
  toleranceSec?: number;
  /** The current time (Date or epoch ms), for tests. */
  now?: Date | number;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextEncoder();

function header(headers: HeadersLike, name: string): string | undefined {
  const { get } = headers;
  if (typeof get === 'function') return get.call(headers, name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

// Return type left to inference: it is an ArrayBuffer-backed array, as Web Crypto wants.
function secretKey(secret: string) {
  if (typeof secret !== 'string' || secret === '') throw new WebhookVerificationError('invalid_secret', 'the webhook secret must be a non-empty string');
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return utf8.encode(secret);
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  if (encoded === '' || !BASE64.test(encoded)) throw new WebhookVerificationError('invalid_secret', `a secret starting with "${WEBHOOK_SECRET_PREFIX}" must continue with padded base64`);
  return Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** Equal-length comparison that looks at every byte whatever it finds. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

function bodyBytes(body: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof body === 'string') return utf8.encode(body);
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (body instanceof Uint8Array) return body;
  throw new TypeError('verifyWebhook needs the raw request body (string, Uint8Array — a Node Buffer is one — or ArrayBuffer), not parsed JSON');
}

/**
 * Checks a received webhook and returns its parsed event; throws
 * `WebhookVerificationError` (an `AqcastError`, status 400) with code
 * `invalid_secret`, `missing_headers`, `invalid_timestamp`, `timestamp_too_old`,
 * `timestamp_too_new`, `invalid_signature` or `invalid_payload`.
 *
 * Pass the raw body exactly as received: re-serialized JSON does not verify.
 */
export async function verifyWebhook<T = unknown>(
  body: string | Uint8Array | ArrayBuffer,
  headers: HeadersLike,
  secret: string,
  opts: VerifyWebhookOptions = {},
): Promise<WebhookEvent<T>> {
  const { toleranceSec = DEFAULT_WEBHOOK_TOLERANCE_SEC, now = Date.now() } = opts;
  const key = secretKey(secret);
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError('missing_headers', 'missing webhook-id, webhook-timestamp or webhook-signature header');
  }
  if (!/^\d{1,15}$/.test(timestamp)) throw new WebhookVerificationError('invalid_timestamp', 'webhook-timestamp is not whole Unix seconds');
  const nowSec = Math.floor((now instanceof Date ? now.getTime() : now) / 1000);
  if (nowSec - Number(timestamp) > toleranceSec) throw new WebhookVerificationError('timestamp_too_old', 'webhook-timestamp is too old');
  if (Number(timestamp) - nowSec > toleranceSec) throw new WebhookVerificationError('timestamp_too_new', 'webhook-timestamp is too far in the future');

  const raw = bodyBytes(body);
  const prefix = utf8.encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + raw.length);
  signed.set(prefix);
  signed.set(raw, prefix.length);
  const cryptoKey = await globalThis.crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', cryptoKey, signed));
  const expected = utf8.encode(`v1,${toBase64(mac)}`);
  let matched = false;
  for (const candidate of signatures.split(' ')) {
    if (constantTimeEqual(utf8.encode(candidate), expected)) matched = true;
  }
  if (!matched) throw new WebhookVerificationError('invalid_signature', 'no matching v1 signature');

  try {
    // The signature checked above proves the service sent this body, which is a WebhookEvent by its contract.
    return JSON.parse(new TextDecoder().decode(raw)) as WebhookEvent<T>;
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'the webhook body is not valid JSON');
  }
}

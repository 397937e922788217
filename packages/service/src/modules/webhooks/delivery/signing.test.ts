import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Webhook, WebhookVerificationError as OracleError } from 'standardwebhooks';
import { InvalidWebhookSecretError, WebhookVerificationError, generateWebhookSecret, signWebhook, verifyWebhookSignature, webhookSecretKey } from './signing.js';

const body = JSON.stringify({ id: 'evt_1', type: 'render.completed', timestamp: '2024-05-01T10:00:00.000Z', data: { jobId: 'j1', status: 'completed' } });
const nowSec = () => Math.floor(Date.now() / 1000);

function rejectsWith(code: string, fn: () => unknown) {
  assert.throws(fn, (err: unknown) => err instanceof WebhookVerificationError && err.code === code);
}

test('whsec_ secret: our signature is the one the standardwebhooks oracle computes and accepts', () => {
  const secret = generateWebhookSecret();
  const ts = nowSec();
  const headers = signWebhook({ id: 'evt_1', timestamp: ts, body, secret });
  const oracle = new Webhook(secret);
  assert.equal(headers['webhook-signature'], oracle.sign('evt_1', new Date(ts * 1000), body));
  assert.deepEqual(oracle.verify(body, { ...headers }), JSON.parse(body));
});

test('plain secret: the key is its UTF-8 bytes (oracle given those bytes raw, since it base64-decodes any string)', () => {
  for (const secret of ['a-plain-shared-secret', 'clé secrète ✓']) {
    const ts = nowSec();
    const headers = signWebhook({ id: 'evt_2', timestamp: ts, body, secret });
    const oracle = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
    assert.equal(headers['webhook-signature'], oracle.sign('evt_2', new Date(ts * 1000), body));
    assert.deepEqual(oracle.verify(body, { ...headers }), JSON.parse(body));
  }
});

test('the oracle refuses our signature once the body is tampered with', () => {
  const secret = generateWebhookSecret();
  const headers = signWebhook({ id: 'evt_3', timestamp: nowSec(), body, secret });
  assert.throws(() => new Webhook(secret).verify(body.replace('completed', 'failed'), { ...headers }), OracleError);
});

test('our verifier accepts what the oracle signs', () => {
  const secret = generateWebhookSecret();
  const ts = nowSec();
  const signature = new Webhook(secret).sign('msg_9', new Date(ts * 1000), body);
  const headers = { 'webhook-id': 'msg_9', 'webhook-timestamp': String(ts), 'webhook-signature': signature };
  assert.deepEqual(verifyWebhookSignature(body, headers, secret), JSON.parse(body));
});

test('generateWebhookSecret: whsec_ + base64 of 24 random bytes, different every time', () => {
  const a = generateWebhookSecret();
  const b = generateWebhookSecret();
  assert.match(a, /^whsec_[A-Za-z0-9+/]{32}$/);
  assert.equal(webhookSecretKey(a).length, 24);
  assert.notEqual(a, b);
});

test('no signature header without a secret; the id and timestamp are still sent', () => {
  for (const secret of [null, undefined, '']) {
    const headers = signWebhook({ id: 'evt_4', timestamp: 1700000000, body, secret });
    assert.deepEqual(headers, { 'webhook-id': 'evt_4', 'webhook-timestamp': '1700000000' });
  }
});

test('signWebhook refuses a timestamp that is not whole seconds', () => {
  assert.throws(() => signWebhook({ id: 'e', timestamp: Date.now() / 1000 + 0.5, body, secret: 's' }), RangeError);
});

test('webhookSecretKey refuses malformed whsec_ secrets and empty ones', () => {
  for (const bad of ['whsec_', 'whsec_not base64!', 'whsec_abc', '']) {
    assert.throws(() => webhookSecretKey(bad), InvalidWebhookSecretError, bad);
  }
  assert.deepEqual(webhookSecretKey('whsec_AAEC'), Buffer.from([0, 1, 2]));
});

test('verify accepts a good message: plain object (any header case), Headers, Buffer body', () => {
  const secret = generateWebhookSecret();
  const headers = signWebhook({ id: 'evt_5', timestamp: nowSec(), body, secret });
  const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
  assert.deepEqual(verifyWebhookSignature(body, upper, secret), JSON.parse(body));
  assert.deepEqual(verifyWebhookSignature(Buffer.from(body), new Headers(headers), secret), JSON.parse(body));
});

test('verify accepts when any one of several space-separated signatures matches', () => {
  const secret = generateWebhookSecret();
  const headers = signWebhook({ id: 'evt_6', timestamp: nowSec(), body, secret });
  const good = headers['webhook-signature'] ?? '';
  const rotated = signWebhook({ id: 'evt_6', timestamp: Number(headers['webhook-timestamp']), body, secret: generateWebhookSecret() })['webhook-signature'];
  assert.ok(verifyWebhookSignature(body, { ...headers, 'webhook-signature': `v1a,xyz ${rotated} ${good}` }, secret));
  rejectsWith('invalid_signature', () => verifyWebhookSignature(body, { ...headers, 'webhook-signature': `${rotated}` }, secret));
  rejectsWith('invalid_signature', () => verifyWebhookSignature(body, { ...headers, 'webhook-signature': good.replace('v1,', 'v2,') }, secret));
});

test('verify rejects a tampered body, id or timestamp, and the wrong secret', () => {
  const secret = generateWebhookSecret();
  const ts = nowSec();
  const headers = signWebhook({ id: 'evt_7', timestamp: ts, body, secret });
  rejectsWith('invalid_signature', () => verifyWebhookSignature(body.replace('j1', 'j2'), headers, secret));
  rejectsWith('invalid_signature', () => verifyWebhookSignature(body + ' ', headers, secret));
  rejectsWith('invalid_signature', () => verifyWebhookSignature(body, { ...headers, 'webhook-id': 'evt_8' }, secret));
  rejectsWith('invalid_signature', () => verifyWebhookSignature(body, { ...headers, 'webhook-timestamp': String(ts - 1) }, secret));
  rejectsWith('invalid_signature', () => verifyWebhookSignature(body, headers, generateWebhookSecret()));
});

test('verify rejects expired and future timestamps outside the tolerance, accepts the boundary', () => {
  const secret = generateWebhookSecret();
  const ts = 1_700_000_000;
  const headers = signWebhook({ id: 'evt_9', timestamp: ts, body, secret });
  rejectsWith('timestamp_too_old', () => verifyWebhookSignature(body, headers, secret, { now: (ts + 301) * 1000 }));
  rejectsWith('timestamp_too_new', () => verifyWebhookSignature(body, headers, secret, { now: new Date((ts - 301) * 1000) }));
  assert.ok(verifyWebhookSignature(body, headers, secret, { now: (ts + 300) * 1000 }));
  assert.ok(verifyWebhookSignature(body, headers, secret, { now: (ts - 300) * 1000 }));
  rejectsWith('timestamp_too_old', () => verifyWebhookSignature(body, headers, secret, { now: (ts + 61) * 1000, toleranceSec: 60 }));
});

test('verify rejects unsigned messages, missing headers and malformed timestamps', () => {
  const secret = generateWebhookSecret();
  const unsigned = signWebhook({ id: 'evt_10', timestamp: nowSec(), body, secret: null });
  rejectsWith('missing_headers', () => verifyWebhookSignature(body, unsigned, secret));
  const headers = signWebhook({ id: 'evt_10', timestamp: nowSec(), body, secret });
  rejectsWith('missing_headers', () => verifyWebhookSignature(body, { ...headers, 'webhook-id': undefined }, secret));
  rejectsWith('missing_headers', () => verifyWebhookSignature(body, {}, secret));
  rejectsWith('invalid_timestamp', () => verifyWebhookSignature(body, { ...headers, 'webhook-timestamp': '17e8' }, secret));
  rejectsWith('invalid_timestamp', () => verifyWebhookSignature(body, { ...headers, 'webhook-timestamp': '-5' }, secret));
});

test('verify needs a usable secret and a JSON body', () => {
  const secret = generateWebhookSecret();
  const headers = signWebhook({ id: 'evt_11', timestamp: nowSec(), body, secret });
  rejectsWith('invalid_secret', () => verifyWebhookSignature(body, headers, ''));
  rejectsWith('invalid_secret', () => verifyWebhookSignature(body, headers, 'whsec_###'));
  const notJson = 'hello';
  const signed = signWebhook({ id: 'evt_11', timestamp: nowSec(), body: notJson, secret });
  rejectsWith('invalid_payload', () => verifyWebhookSignature(notJson, signed, secret));
});

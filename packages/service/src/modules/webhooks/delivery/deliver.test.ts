import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { TLSSocket } from 'node:tls';
import { Webhook } from 'standardwebhooks';
import { deliverWebhook } from './deliver.js';
import { buildEventBody } from './events.js';
import { generateWebhookSecret, signWebhook } from './signing.js';
import { checkOutboundUrl, parseAllowedNetworks } from '../../../core/outbound/ssrf.js';
import type { HostResolver } from '../../../core/outbound/ssrf.js';

const LOOPBACK = parseAllowedNetworks('127.0.0.0/8');

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  servername?: string | false | null;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, received: Received) => void;

const servers: (http.Server | https.Server)[] = [];
after(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

/** A real receiver on 127.0.0.1 (or another host) that records every request it gets. */
async function receiver(handler: Handler, options: { host?: string; tls?: { key: Buffer; cert: Buffer } } = {}) {
  const requests: Received[] = [];
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      if (options.tls) received.servername = (req.socket as TLSSocket).servername;
      requests.push(received);
      handler(req, res, received);
    });
  };
  const server = options.tls ? https.createServer(options.tls, listener) : http.createServer(listener);
  servers.push(server);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { port, requests, origin: `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}` };
}

function signed(secret = generateWebhookSecret()) {
  const id = 'evt_test_1';
  const body = buildEventBody({ id, type: 'render.completed', timestamp: new Date(), data: { jobId: 'job_1', status: 'completed', videoUrl: 'https://cdn/v.mp4' } });
  const headers = signWebhook({ id, timestamp: Math.floor(Date.now() / 1000), body, secret });
  return { id, body, headers, secret };
}

test('delivers to a real local receiver with the allow-list: body, signature headers, path, 2xx', async () => {
  const rx = await receiver((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks'));
  const { body, headers, secret } = signed();
  const result = await deliverWebhook({ url: `${rx.origin}/hooks/in?src=test`, headers, body, allowed: LOOPBACK });

  assert.equal(result.ok, true, result.error);
  assert.equal(result.statusCode, 200);
  assert.equal(result.error, undefined);
  assert.equal(result.responseBodySnippet, 'thanks');
  assert.equal(result.remoteAddress, '127.0.0.1');
  assert.ok(result.durationMs >= 0 && result.durationMs < 5000);

  assert.equal(rx.requests.length, 1);
  const got = rx.requests[0];
  assert.ok(got);
  assert.equal(got.method, 'POST');
  assert.equal(got.url, '/hooks/in?src=test');
  assert.equal(got.body, body);
  assert.equal(got.headers['content-type'], 'application/json');
  assert.equal(got.headers['content-length'], String(Buffer.byteLength(body)));
  assert.equal(got.headers.host, `127.0.0.1:${rx.port}`);
  assert.match(got.headers['user-agent'] ?? '', /^aqcast-webhooks\//);
  assert.equal(got.headers['webhook-id'], headers['webhook-id']);
  assert.equal(got.headers['webhook-timestamp'], headers['webhook-timestamp']);
  // The receiver's view, checked by the independent implementation.
  assert.deepEqual(new Webhook(secret).verify(got.body, got.headers as Record<string, string>), JSON.parse(body));
});

test('without the allow-list a local receiver is refused and never contacted', async () => {
  const rx = await receiver((_req, res) => res.end('ok'));
  const { body, headers } = signed();
  const result = await deliverWebhook({ url: `${rx.origin}/`, headers, body });
  assert.equal(result.ok, false);
  assert.equal(result.errorCode, 'target_refused');
  assert.match(result.error ?? '', /loopback/);
  assert.equal(result.statusCode, undefined);
  assert.equal(rx.requests.length, 0);
  const other = await deliverWebhook({ url: `http://10.0.0.1:${rx.port}/`, headers, body, allowed: LOOPBACK });
  assert.equal(other.errorCode, 'target_refused');
});

test('503 is a failure that carries the status code and the answer', async () => {
  const rx = await receiver((_req, res) => res.writeHead(503).end('{"error":"maintenance"}'));
  const { body, headers } = signed();
  const result = await deliverWebhook({ url: rx.origin, headers, body, allowed: LOOPBACK });
  assert.deepEqual(
    { ok: result.ok, statusCode: result.statusCode, errorCode: result.errorCode, error: result.error, snippet: result.responseBodySnippet },
    { ok: false, statusCode: 503, errorCode: 'http_status', error: 'HTTP 503', snippet: '{"error":"maintenance"}' },
  );
});

test('410 Gone is reported as such (the dispatcher disables the webhook)', async () => {
  const rx = await receiver((_req, res) => res.writeHead(410).end());
  const { body, headers } = signed();
  const result = await deliverWebhook({ url: rx.origin, headers, body, allowed: LOOPBACK });
  assert.equal(result.ok, false);
  assert.equal(result.statusCode, 410);
  assert.equal(result.responseBodySnippet, undefined);
});

test('302 is a failure and the redirect is not followed', async () => {
  const rx = await receiver((req, res) => {
    if (req.url === '/start') res.writeHead(302, { location: '/elsewhere' }).end();
    else res.writeHead(200).end('followed');
  });
  const { body, headers } = signed();
  const result = await deliverWebhook({ url: `${rx.origin}/start`, headers, body, allowed: LOOPBACK });
  assert.equal(result.ok, false);
  assert.equal(result.statusCode, 302);
  assert.equal(result.errorCode, 'redirect');
  assert.match(result.error ?? '', /302.*not followed.*\/elsewhere/);
  assert.deepEqual(rx.requests.map((r) => r.url), ['/start']);
});

test('a receiver that never answers times out', async () => {
  const rx = await receiver(() => {}); // holds the request open
  const { body, headers } = signed();
  const result = await deliverWebhook({ url: rx.origin, headers, body, allowed: LOOPBACK, timeoutMs: 300 });
  assert.equal(result.ok, false);
  assert.equal(result.error, 'timeout');
  assert.equal(result.errorCode, 'timeout');
  assert.equal(result.statusCode, undefined);
  assert.ok(result.durationMs >= 280 && result.durationMs < 3000, String(result.durationMs));
  assert.equal(rx.requests.length, 1);
});

test('a receiver that answers 200 but trickles its body past the deadline times out', async () => {
  const rx = await receiver((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('partial…'); // …and the rest never comes
  });
  const { body, headers } = signed();
  const result = await deliverWebhook({ url: rx.origin, headers, body, allowed: LOOPBACK, timeoutMs: 300 });
  assert.equal(result.ok, false);
  assert.equal(result.error, 'timeout');
  assert.equal(result.statusCode, 200);
});

test('a refused connection is an error, not a throw', async () => {
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r)); // nothing listens on that port now
  const { body, headers } = signed();
  const result = await deliverWebhook({ url: `http://127.0.0.1:${port}/`, headers, body, allowed: LOOPBACK });
  assert.equal(result.ok, false);
  assert.equal(result.errorCode, 'connection_failed');
  assert.match(result.error ?? '', /ECONNREFUSED/);
});

test('a receiver that drops the connection mid-answer is a failure', async () => {
  const rx = await receiver((_req, res) => {
    res.writeHead(200, { 'content-length': '100' });
    res.write('short');
    setTimeout(() => res.socket?.destroy(), 20);
  });
  const { body, headers } = signed();
  const result = await deliverWebhook({ url: rx.origin, headers, body, allowed: LOOPBACK });
  assert.equal(result.ok, false);
  assert.equal(result.errorCode, 'connection_failed');
  assert.equal(result.statusCode, 200);
});

test('reads only the start of a large answer', async () => {
  const rx = await receiver((_req, res) => res.writeHead(200).end('x'.repeat(1_000_000)));
  const { body, headers } = signed();
  const result = await deliverWebhook({ url: rx.origin, headers, body, allowed: LOOPBACK });
  assert.equal(result.ok, true);
  assert.equal(result.responseBodySnippet?.length, 4096);
  const small = await deliverWebhook({ url: rx.origin, headers, body, allowed: LOOPBACK, maxResponseBytes: 10 });
  assert.equal(small.responseBodySnippet, 'x'.repeat(10));
});

test('the caller can abort an attempt', async () => {
  const rx = await receiver(() => {});
  const { body, headers } = signed();
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  const result = await deliverWebhook({ url: rx.origin, headers, body, allowed: LOOPBACK, signal: controller.signal });
  assert.equal(result.ok, false);
  assert.equal(result.errorCode, 'aborted');
  assert.ok(result.durationMs < 3000);
  const already = await deliverWebhook({ url: rx.origin, headers, body, allowed: LOOPBACK, signal: AbortSignal.abort() });
  assert.equal(already.errorCode, 'aborted');
});

test('caller headers cannot override Host or Content-Length', async () => {
  const rx = await receiver((_req, res) => res.end());
  const { body, headers } = signed();
  const result = await deliverWebhook({ url: rx.origin, headers: { ...headers, Host: 'evil.example', 'Content-Length': '1', 'X-Extra': 'yes' }, body, allowed: LOOPBACK });
  assert.equal(result.ok, true);
  const got = rx.requests[0];
  assert.equal(got?.headers.host, `127.0.0.1:${rx.port}`);
  assert.equal(got?.body, body);
  assert.equal(got?.headers['x-extra'], 'yes');
});

test('no DNS rebinding window: the connection goes to the address that was checked, resolved once', async () => {
  const rx = await receiver((_req, res) => res.end('ok'));
  let calls = 0;
  // The first answer passes the check; any later answer would point at the cloud metadata service.
  const rebinding: HostResolver = async () => (calls++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '169.254.169.254', family: 4 }]);
  const { body, headers } = signed();
  // `.invalid` never resolves in real DNS: success proves the socket used the pinned address.
  const result = await deliverWebhook({ url: `http://hooks.rebind.invalid:${rx.port}/in`, headers, body, allowed: LOOPBACK, resolve: rebinding });
  assert.equal(result.ok, true, result.error);
  assert.equal(calls, 1);
  assert.equal(result.remoteAddress, '127.0.0.1');
  assert.equal(rx.requests[0]?.headers.host, `hooks.rebind.invalid:${rx.port}`);

  // The next attempt checks again, gets the rebound answer and refuses before connecting.
  const second = await deliverWebhook({ url: `http://hooks.rebind.invalid:${rx.port}/in`, headers, body, allowed: LOOPBACK, resolve: rebinding });
  assert.equal(second.ok, false);
  assert.equal(second.errorCode, 'target_refused');
  assert.match(second.error ?? '', /169\.254\.169\.254/);
  assert.equal(rx.requests.length, 1);
});

test('a name that passed at registration but now resolves privately is refused at delivery', async () => {
  const rx = await receiver((_req, res) => res.end('ok'));
  let answer = '93.184.216.34';
  const resolve: HostResolver = async () => [{ address: answer, family: 4 }];
  const url = `http://hooks.example.invalid:${rx.port}/`;
  await checkOutboundUrl(url, LOOPBACK, { resolve }); // registration: public, accepted
  answer = '10.0.0.7';
  const { body, headers } = signed();
  const result = await deliverWebhook({ url, headers, body, allowed: LOOPBACK, resolve });
  assert.equal(result.errorCode, 'target_refused');
  assert.equal(rx.requests.length, 0);
});

test('an unresolvable host is a dns_failed result', async () => {
  const { body, headers } = signed();
  const resolve: HostResolver = async () => {
    throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
  };
  const result = await deliverWebhook({ url: 'https://gone.example.invalid/', headers, body, resolve });
  assert.equal(result.ok, false);
  assert.equal(result.errorCode, 'dns_failed');
  assert.match(result.error ?? '', /ENOTFOUND/);
});

test('an unsupported or garbage URL is refused without throwing', async () => {
  const { body, headers } = signed();
  for (const url of ['ftp://127.0.0.1/', 'not a url', 'http://u:p@127.0.0.1/']) {
    const result = await deliverWebhook({ url, headers, body, allowed: LOOPBACK });
    assert.equal(result.ok, false, url);
    assert.equal(result.errorCode, 'target_refused', url);
  }
});

/** Tries to listen on ::1; some CI containers have no IPv6 loopback. */
async function hasIPv6Loopback(): Promise<boolean> {
  const s = http.createServer();
  return new Promise((resolve) => {
    s.once('error', () => resolve(false));
    s.listen(0, '::1', () => s.close(() => resolve(true)));
  });
}

test('IPv6 literal targets: [::1] refused unless ::1/128 is opened, then delivered with a bracketed Host', { skip: !(await hasIPv6Loopback()) && 'no IPv6 loopback here' }, async () => {
  const rx = await receiver((_req, res) => res.end('v6'), { host: '::1' });
  const { body, headers } = signed();
  const refused = await deliverWebhook({ url: rx.origin, headers, body, allowed: LOOPBACK });
  assert.equal(refused.errorCode, 'target_refused');
  const result = await deliverWebhook({ url: rx.origin, headers, body, allowed: parseAllowedNetworks('::1/128') });
  assert.equal(result.ok, true, result.error);
  assert.equal(rx.requests[0]?.headers.host, `[::1]:${rx.port}`);
});

/** A throwaway self-signed certificate for one DNS name, made with the openssl CLI. */
function selfSigned(name: string): { key: Buffer; cert: Buffer } | null {
  const dir = mkdtempSync(join(tmpdir(), 'aqcast-tls-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`, '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const tls = selfSigned('hooks.tls.invalid');
test('https: connects to the pinned address while SNI, Host and the certificate check use the hostname', { skip: !tls && 'openssl not available' }, async () => {
  assert.ok(tls);
  const rx = await receiver((_req, res) => res.end('secure'), { tls });
  const resolve: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
  const { body, headers, secret } = signed();
  const url = `https://hooks.tls.invalid:${rx.port}/in`;
  const result = await deliverWebhook({ url, headers, body, allowed: LOOPBACK, resolve, ca: tls.cert });
  assert.equal(result.ok, true, result.error);
  assert.equal(result.responseBodySnippet, 'secure');
  const got = rx.requests[0];
  assert.equal(got?.servername, 'hooks.tls.invalid');
  assert.equal(got?.headers.host, `hooks.tls.invalid:${rx.port}`);
  assert.ok(new Webhook(secret).verify(got?.body ?? '', got?.headers as Record<string, string>));

  // Without trusting that certificate, or under another name, TLS fails: the check is not skipped.
  const untrusted = await deliverWebhook({ url, headers, body, allowed: LOOPBACK, resolve });
  assert.equal(untrusted.errorCode, 'connection_failed');
  const wrongName = await deliverWebhook({ url: `https://other.tls.invalid:${rx.port}/in`, headers, body, allowed: LOOPBACK, resolve, ca: tls.cert });
  assert.equal(wrongName.errorCode, 'connection_failed');
  assert.match(wrongName.error ?? '', /altnames|other\.tls\.invalid/);
  assert.equal(rx.requests.length, 1);
});

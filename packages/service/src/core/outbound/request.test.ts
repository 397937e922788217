// The guarded request against real local servers: answers, the SSRF refusal, the
// deadline, redirects, size caps and a server that hangs up.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { OutboundRequestError, outboundRequest, postJson } from './request.js';
import { parseAllowedNetworks } from './ssrf.js';

const LOCAL = parseAllowedNetworks('127.0.0.0/8');

describe('guarded outbound requests', () => {
  let server: Server;
  let base = '';
  const seen: { path: string; body: string; headers: Record<string, unknown> }[] = [];
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', body, headers: req.headers });
        if (req.url === '/json') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: JSON.parse(body || 'null') }));
        if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end('late'), 2000).unref();
        if (req.url === '/redirect') return res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
        if (req.url === '/big') return res.writeHead(200).end(Buffer.alloc(5000));
        if (req.url === '/hangup') return req.socket.destroy();
        res.writeHead(503).end('busy');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  const code = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'resolved';
    } catch (err) {
      assert.ok(err instanceof OutboundRequestError, String(err));
      return err.code;
    }
  };

  test('posts JSON and reads the answer; a 5xx is an answer, not an error', async () => {
    const r = await postJson(`${base}/json`, { a: 1 }, { timeoutMs: 2000, allowed: LOCAL, headers: { authorization: 'Bearer k' } });
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.body.toString()), { echo: { a: 1 } });
    assert.equal(seen.at(-1)?.headers.authorization, 'Bearer k');
    assert.match(String(seen.at(-1)?.headers['user-agent']), /^aqcast\//);
    assert.equal((await outboundRequest({ url: `${base}/other`, timeoutMs: 2000, allowed: LOCAL })).status, 503);
  });

  test('loopback is refused unless its network is opened', async () => {
    assert.equal(await code(postJson(`${base}/json`, {}, { timeoutMs: 2000 })), 'target_refused');
    assert.equal(await code(outboundRequest({ url: 'http://169.254.169.254/latest', timeoutMs: 2000, allowed: LOCAL })), 'target_refused');
  });

  test('one deadline for the whole request', async () => {
    const t0 = Date.now();
    assert.equal(await code(outboundRequest({ url: `${base}/slow`, timeoutMs: 200, allowed: LOCAL })), 'timeout');
    assert.ok(Date.now() - t0 < 1900, 'it did not wait for the answer');
  });

  test('redirects are not followed; big answers and hang-ups are errors', async () => {
    assert.equal(await code(outboundRequest({ url: `${base}/redirect`, timeoutMs: 2000, allowed: LOCAL })), 'redirect');
    assert.equal(await code(outboundRequest({ url: `${base}/big`, timeoutMs: 2000, allowed: LOCAL, maxResponseBytes: 1000 })), 'too_large');
    assert.equal(await code(outboundRequest({ url: `${base}/hangup`, timeoutMs: 2000, allowed: LOCAL })), 'connection_failed');
    assert.equal(await code(outboundRequest({ url: 'http://127.0.0.1:1/', timeoutMs: 2000, allowed: LOCAL })), 'connection_failed');
  });
});

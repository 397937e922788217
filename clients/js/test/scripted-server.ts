/**
 * A real local HTTP server that answers from a script and records every
 * request, for testing retries, headers and request shapes without mocks.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export interface ScriptedServer {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

/** Answers are used in order; the last one repeats. A function is called when its request arrives. */
export async function scriptedServer(answers: (Answer | (() => Answer))[]): Promise<ScriptedServer> {
  const queue = [...answers];
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
      const next = (queue.length > 1 ? queue.shift() : queue[0])!;
      const a = typeof next === 'function' ? next() : next;
      const send = () => {
        const raw = a.body === undefined ? '' : typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
        res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
        res.end(raw);
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function problem(status: number, code: string, detail = code): Answer {
  return { status, headers: { 'content-type': 'application/problem+json', 'x-request-id': `req-${status}` }, body: { type: 'about:blank', title: code, status, detail, code } };
}

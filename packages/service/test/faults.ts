/**
 * What the fault tests break, for real: a PostgreSQL cluster of their own on
 * another port (stopped and started with pg_ctl, so the shared one on 5432 is
 * never disturbed), a TCP proxy in front of an S3 server that can refuse every
 * connection (an unreachable endpoint), and a small tmpfs as the data disk.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest installed PostgreSQL's programs (initdb, pg_ctl), or null. */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : null;
}

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

export interface PrivateCluster {
  /** postgres:// URL of database `aqcast` on the cluster. */
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

/** Runs a PostgreSQL program as the postgres user (initdb and the server refuse root). */
function asPostgres(bin: string, program: string, args: string[]): string {
  return execFileSync('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A throwaway cluster in a temporary directory (trust auth, no fsync), with database `aqcast`. */
export async function privateCluster(): Promise<PrivateCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL programs under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'aqcast-pg-'));
  chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  const data = join(dir, 'data');
  mkdirSync(data);
  chownSync(data, uidOf('postgres'), gidOf('postgres'));
  const port = await freePort();
  asPostgres(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const start = () => void asPostgres(bin, 'pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`, 'start']);
  start();
  execFileSync(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-c', 'CREATE DATABASE aqcast'], { stdio: 'ignore' });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/aqcast`,
    // -m fast: every connection is terminated ("terminating connection due to administrator command"), as an operator's restart does.
    stop: () => void asPostgres(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    destroy: () => {
      try {
        asPostgres(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}

function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}

export interface TcpProxy {
  port: number;
  url: string;
  /** Refuses every connection from now on and cuts the open ones (ECONNREFUSED to clients). */
  down(): Promise<void>;
  /** Accepts connections again, on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 to `targetPort` that can be taken down and brought back. */
export async function tcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const port = await freePort();
  const up = async () => {
    if (server) return;
    const s = createServer((client) => {
      const upstream = connect(targetPort, '127.0.0.1');
      for (const sock of [client, upstream]) {
        sockets.add(sock);
        sock.on('close', () => sockets.delete(sock));
        sock.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    server = s;
  };
  const down = async () => {
    const s = server;
    server = null;
    for (const sock of sockets) sock.destroy();
    if (s) await new Promise((r) => s.close(r));
  };
  await up();
  return { port, url: `http://127.0.0.1:${port}`, down, up, close: down };
}

/** A tmpfs of `sizeMb` mounted at a new directory, or null (with why) when this machine cannot mount one. */
export function tmpfsDisk(sizeMb: number): { dir: string; unmount(): void } | { dir: null; why: string } {
  const dir = mkdtempSync(join(tmpdir(), 'aqcast-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { dir: null, why: `cannot mount a tmpfs here (${(err as Error).message.split('\n')[0]})` };
  }
  return {
    dir,
    unmount: () => {
      try {
        execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

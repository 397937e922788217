/**
 * Render workers: `concurrency` loops in this process, each claiming a job,
 * rendering it with the engine while heartbeating, and ending the attempt.
 * Workers in other processes (or machines, on PostgreSQL) run the same loop
 * against the same store; the lease fence keeps them from stepping on each other.
 */
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { EngineError, renderVideo, type RenderParams } from '@aqcast/engine';
import type { Logger } from 'pino';
import type { Store } from '../store/database.js';
import type { JobRow } from '../store/schema.js';
import type { LocalStorage } from '../storage/local-storage.js';
import { fenceOf, type AttemptFence, type Executor, type JobQueue } from './queue.js';

export interface RenderOutput {
  width: number;
  height: number;
  fps: number;
  durationSec: number;
  bytes: number;
  renderMs: number;
}

/** What a worker runs for one job; the engine by default, something trivial in queue benchmarks. */
export type Renderer = (
  params: RenderParams,
  opts: { outFile: string; posterFile: string; onProgress: (fraction: number) => void; signal: AbortSignal },
) => Promise<RenderOutput>;

/** Called inside the transaction that ends a job, so that events are written atomically with the state change. */
export interface JobEventSink {
  jobEnded(trx: Executor, jobId: string): Promise<void>;
}

export interface WorkerPoolOptions {
  store: Store;
  queue: JobQueue;
  storage: LocalStorage;
  logger: Logger;
  concurrency: number;
  workerId: string;
  leaseSeconds: number;
  pollMs: number;
  renderer?: Renderer;
  events?: JobEventSink;
  /** Base of the retry backoff; attempt n waits about base × 4^(n-1), with jitter. */
  retryBaseMs?: number;
}

const engineRenderer: Renderer = async (params, opts) => {
  const r = await renderVideo(params, opts);
  return { width: r.width, height: r.height, fps: r.fps, durationSec: r.durationSec, bytes: r.bytes, renderMs: r.renderMs };
};

interface RunningAttempt {
  fence: AttemptFence;
  abort: AbortController;
  /** Why we aborted: 'lost' (lease gone, job canceled) or 'shutdown'. */
  reason: 'lost' | 'shutdown' | null;
}

export class WorkerPool {
  private stopping = false;
  private loops: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  private running = new Map<string, RunningAttempt>();
  private unlisten: (() => Promise<void>) | null = null;
  private readonly renderer: Renderer;

  constructor(private readonly opts: WorkerPoolOptions) {
    this.renderer = opts.renderer ?? engineRenderer;
  }

  get activeJobs(): string[] {
    return [...this.running.keys()];
  }

  async start(): Promise<void> {
    if (this.opts.concurrency === 0) return;
    this.unlisten = await this.opts.store.listenJobsAvailable(() => this.wake());
    for (let slot = 0; slot < this.opts.concurrency; slot++) {
      const id = `${this.opts.workerId}#${slot}`;
      await this.registerWorker(id);
      this.loops.push(this.loop(id));
    }
  }

  /** Wakes idle loops now (a job was enqueued in this process or announced by NOTIFY). */
  wake(): void {
    for (const w of [...this.wakers]) w();
  }

  /** Aborts the local attempt of a job at once (cancel); the fence would stop it at the next heartbeat anyway. */
  abortJob(jobId: string): boolean {
    const r = this.running.get(jobId);
    if (!r) return false;
    r.reason = 'lost';
    r.abort.abort();
    return true;
  }

  /**
   * Stops taking work; running renders get `graceMs` to finish, then are
   * aborted and released to other workers.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.wake();
    const finished = Promise.all(this.loops);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      finished.then(() => false),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(true), graceMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      for (const r of this.running.values()) {
        r.reason = 'shutdown';
        r.abort.abort();
      }
      await finished;
    }
    await this.unlisten?.();
    await this.opts.store.db.deleteFrom('workers').where('id', 'like', `${this.opts.workerId}#%`).execute().catch(() => {});
  }

  private async registerWorker(id: string): Promise<void> {
    const now = new Date().toISOString();
    await this.opts.store.db
      .insertInto('workers')
      .values({ id, host: hostname(), pid: process.pid, current_job_id: null, started_at: now, last_heartbeat_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ current_job_id: null, started_at: now, last_heartbeat_at: now, pid: process.pid }))
      .execute();
  }

  private async touchWorker(id: string, jobId: string | null): Promise<void> {
    await this.opts.store.db.updateTable('workers').set({ current_job_id: jobId, last_heartbeat_at: new Date().toISOString() }).where('id', '=', id).execute();
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.wakers.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  private async loop(workerId: string): Promise<void> {
    let lastTouch = 0;
    while (!this.stopping) {
      let job: JobRow | null = null;
      try {
        job = await this.opts.queue.claim(workerId);
      } catch (err) {
        this.opts.logger.error({ err, workerId }, 'claim failed; retrying');
      }
      if (!job) {
        if (Date.now() - lastTouch > 5000) {
          lastTouch = Date.now();
          await this.touchWorker(workerId, null).catch(() => {});
        }
        await this.idle(this.opts.pollMs);
        continue;
      }
      await this.touchWorker(workerId, job.id).catch(() => {});
      await this.process(job, workerId);
      await this.touchWorker(workerId, null).catch(() => {});
      lastTouch = Date.now();
    }
  }

  private async process(job: JobRow, workerId: string): Promise<void> {
    const { queue, storage, logger } = this.opts;
    const fence = fenceOf(job, workerId);
    const log = logger.child({ jobId: job.id, attempt: job.attempts, workerId });
    const attempt: RunningAttempt = { fence, abort: new AbortController(), reason: null };
    this.running.set(job.id, attempt);
    const videoKey = storage.videoKey(job.render_key);
    const posterKey = storage.posterKey(job.render_key);

    let lastBeat = 0;
    let pending: Promise<void> | null = null;
    const beat = (progress?: number) => {
      if (pending) return;
      lastBeat = Date.now();
      pending = queue
        .heartbeat(fence, progress)
        .then((ok) => {
          if (!ok && !attempt.abort.signal.aborted) {
            attempt.reason = 'lost';
            attempt.abort.abort();
          }
        })
        .catch((err) => log.warn({ err }, 'heartbeat failed'))
        .finally(() => (pending = null));
    };
    // Heartbeats run on a timer (the lease) and with progress (at most every 500 ms).
    const timer = setInterval(() => beat(), Math.max(250, Math.min(1000, (this.opts.leaseSeconds * 1000) / 3)));
    try {
      log.info({ template: job.template }, 'render started');
      const params = JSON.parse(job.params) as RenderParams;
      const cached = await this.findReusableOutput(job);
      let output: RenderOutput;
      if (cached) {
        output = cached;
        log.info('identical render already stored; reusing its output');
      } else {
        output = await this.renderer(params, {
          outFile: storage.ensureDirFor(videoKey),
          posterFile: storage.ensureDirFor(posterKey),
          signal: attempt.abort.signal,
          onProgress: (f) => {
            if (Date.now() - lastBeat >= 500) beat(Math.min(0.99, Math.max(0, f)));
          },
        });
      }
      if (attempt.abort.signal.aborted) throw new EngineError('aborted', 'render aborted');
      const { width, height, fps, durationSec, bytes } = output;
      const ok = await queue.db.transaction().execute(async (trx) => {
        const done = await queue.complete(fence, { videoKey, posterKey, output: JSON.stringify({ width, height, fps, durationSec, bytes }), renderMs: output.renderMs }, trx);
        if (done) await this.opts.events?.jobEnded(trx, job.id);
        return done;
      });
      log.info({ renderMs: output.renderMs, completed: ok }, ok ? 'render completed' : 'render finished but the attempt was lost; result discarded');
    } catch (err) {
      await this.handleFailure(err, job, attempt, log);
    } finally {
      clearInterval(timer);
      await pending;
      this.running.delete(job.id);
    }
  }

  private async handleFailure(err: unknown, job: JobRow, attempt: RunningAttempt, log: Logger): Promise<void> {
    const { queue } = this.opts;
    if (attempt.reason === 'shutdown') {
      const released = await queue.release(attempt.fence).catch(() => false);
      log.info({ released }, 'render interrupted by shutdown; released to other workers');
      return;
    }
    if (attempt.reason === 'lost') {
      log.info('attempt lost (canceled or lease taken over); stopped rendering');
      return;
    }
    const code = err instanceof EngineError ? err.code : 'render_failed';
    const message = err instanceof Error ? (err instanceof EngineError && err.stderrTail ? `${err.message}\n${err.stderrTail}` : err.message) : String(err);
    // Invalid parameters fail the same way every time: never retried.
    const retryable = !(err instanceof EngineError && (err.code === 'invalid_params' || err.code === 'unknown_template'));
    const base = this.opts.retryBaseMs ?? 2000;
    const delay = base * 4 ** (attempt.fence.attempts - 1) * (0.75 + Math.random() * 0.5);
    const outcome = await queue.db.transaction().execute(async (trx) => {
      const o = await queue.fail(attempt.fence, { code, message }, { retryable, retryDelayMs: Math.round(delay) }, trx);
      if (o === 'failed') await this.opts.events?.jobEnded(trx, job.id);
      return o;
    });
    log.warn({ err: message, code, outcome }, 'render failed');
  }

  /** Content addressing: an identical completed render whose files still exist is reused. */
  private async findReusableOutput(job: JobRow): Promise<RenderOutput | null> {
    const prior = await this.opts.queue.db
      .selectFrom('jobs')
      .select(['output', 'render_ms', 'video_key', 'poster_key'])
      .where('render_key', '=', job.render_key)
      .where('status', '=', 'completed')
      .where('output', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    if (!prior?.output || !prior.video_key || !prior.poster_key) return null;
    const { storage } = this.opts;
    if (!existsSync(storage.pathOf(prior.video_key)) || !existsSync(storage.pathOf(prior.poster_key))) return null;
    const out = JSON.parse(prior.output) as Omit<RenderOutput, 'renderMs'>;
    return { ...out, renderMs: 0 };
  }
}

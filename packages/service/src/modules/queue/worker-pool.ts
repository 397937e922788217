/**
 * Render workers: `concurrency` loops in this process, each claiming a job,
 * rendering it with the engine while heartbeating, and ending the attempt.
 * Workers in other processes (or machines, on PostgreSQL) run the same loop
 * against the same store; the lease fence keeps them from stepping on each other.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { EngineError, renderVideo, type RenderParams } from '@aqcast/engine';
import type { Logger } from 'pino';
import type { Metrics } from '../../core/metrics.js';
import { transaction } from '../../core/store/database.js';
import type { Storage } from '../../core/storage/storage.js';
import type { JobExtension, JobRenderExtras } from './extensions.js';
import type { QueueService } from './service.js';
import { JOBS_CHANNEL, type AttemptFence, type JobRow } from './store.js';

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
  opts: { outFile: string; posterFile: string; onProgress: (fraction: number) => void; signal: AbortSignal; extras?: JobRenderExtras },
) => Promise<RenderOutput>;

type JobExtensionHook = JobExtension['renderExtras'];

export interface WorkerPoolOptions {
  queue: QueueService;
  storage: Storage;
  logger: Logger;
  concurrency: number;
  workerId: string;
  leaseSeconds: number;
  pollMs: number;
  renderer?: Renderer;
  ffmpegPath?: string | null;
  /** Base of the retry backoff; attempt n waits about base × 4^(n-1), with jitter. */
  retryBaseMs?: number;
  metrics?: Metrics;
}

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
    this.renderer =
      opts.renderer ??
      (async (params, { extras, ...o }) => {
        const r = await renderVideo(params, { ...o, ...extras, ...(opts.ffmpegPath ? { ffmpegPath: opts.ffmpegPath } : {}) });
        return { width: r.width, height: r.height, fps: r.fps, durationSec: r.durationSec, bytes: r.bytes, renderMs: r.renderMs };
      });
  }

  get activeJobs(): string[] {
    return [...this.running.keys()];
  }

  async start(): Promise<void> {
    if (this.opts.concurrency === 0) return;
    this.opts.queue.localAbort = (jobId) => this.abortJob(jobId);
    this.unlisten = await this.opts.queue.store.listen(JOBS_CHANNEL, () => this.wake());
    for (let slot = 0; slot < this.opts.concurrency; slot++) {
      const id = `${this.opts.workerId}#${slot}`;
      await this.opts.queue.jobs.registerWorker({ id, host: hostname(), pid: process.pid });
      this.loops.push(this.loop(id));
    }
  }

  /** Wakes idle loops now (work was enqueued in this process or announced by NOTIFY). */
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

  /** Stops taking work; running renders get `graceMs` to finish, then are aborted and released to other workers. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.wake();
    const finished = Promise.all(this.loops);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([finished.then(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(true), graceMs)))]);
    clearTimeout(timer);
    if (timedOut) {
      for (const r of this.running.values()) {
        r.reason = 'shutdown';
        r.abort.abort();
      }
      await finished;
    }
    await this.unlisten?.();
    this.opts.queue.localAbort = null;
    await this.opts.queue.jobs.removeWorkers(this.opts.workerId).catch(() => {});
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

  /** Jobs whose worker died on their last allowed attempt end as failed, not stuck. */
  private async failExhaustedLeases(): Promise<void> {
    const { queue } = this.opts;
    for (const job of await queue.jobs.exhaustedLeases()) {
      await transaction(queue.store, async (trx) => {
        if (await queue.jobs.failExhausted(trx, job)) await queue.announceEnd(trx, job.id);
      });
    }
  }

  private async loop(workerId: string): Promise<void> {
    const jobs = this.opts.queue.jobs;
    let lastTouch = 0;
    while (!this.stopping) {
      let job: JobRow | null = null;
      try {
        await this.failExhaustedLeases();
        job = await jobs.claim(workerId, this.opts.leaseSeconds);
      } catch (err) {
        this.opts.logger.error({ err, workerId }, 'claim failed; retrying');
      }
      if (!job) {
        if (Date.now() - lastTouch > 5000) {
          lastTouch = Date.now();
          await jobs.touchWorker(workerId, null).catch(() => {});
        }
        await this.idle(this.opts.pollMs);
        continue;
      }
      await jobs.touchWorker(workerId, job.id).catch(() => {});
      await this.process(job, workerId);
      await jobs.touchWorker(workerId, null).catch(() => {});
      lastTouch = Date.now();
    }
  }

  private async process(job: JobRow, workerId: string): Promise<void> {
    const { queue, storage, logger, leaseSeconds } = this.opts;
    const fence: AttemptFence = { id: job.id, attempts: job.attempts, workerId };
    const log = logger.child({ jobId: job.id, attempt: job.attempts, workerId });
    const attempt: RunningAttempt = { fence, abort: new AbortController(), reason: null };
    this.running.set(job.id, attempt);
    const videoKey = `videos/${job.render_key}.mp4`;
    const posterKey = `posters/${job.render_key}.png`;
    const work = join(storage.workDir, `${job.id}.${job.attempts}.${randomBytes(4).toString('hex')}`);
    const { metrics } = this.opts;
    // Queue wait: from when the job was due to this claim (first attempts only: retries wait on purpose).
    if (job.attempts === 1) metrics?.queueWait.observe({ template: job.template }, Math.max(0, Date.now() - Date.parse(job.run_at)) / 1000);
    metrics?.rendersInFlight.inc({ worker: workerId });
    const renderStarted = Date.now();
    let outcome = 'failed';

    let lastBeat = 0;
    let pending: Promise<void> | null = null;
    const beat = (progress?: number) => {
      if (pending) return;
      lastBeat = Date.now();
      pending = queue.jobs
        .heartbeat(fence, leaseSeconds, progress)
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
    const timer = setInterval(() => beat(), Math.max(250, Math.min(1000, (leaseSeconds * 1000) / 3)));
    let extras: Awaited<ReturnType<NonNullable<JobExtensionHook>>> = null;
    try {
      log.info({ template: job.template }, 'render started');
      const params = JSON.parse(job.params) as RenderParams;
      let output = await this.reusableOutput(job);
      if (output) {
        log.info('identical render already stored; reusing its output');
      } else {
        extras = await this.extrasFor(job.id, work);
        output = await this.renderer(params, {
          outFile: `${work}.mp4`,
          posterFile: `${work}.png`,
          signal: attempt.abort.signal,
          ...(extras ? { extras: extras.options } : {}),
          onProgress: (f) => {
            if (Date.now() - lastBeat >= 500) beat(Math.min(0.99, Math.max(0, f)));
          },
        });
        if (attempt.abort.signal.aborted) throw new EngineError('aborted', 'render aborted');
        await storage.put(videoKey, `${work}.mp4`, 'video/mp4');
        await storage.put(posterKey, `${work}.png`, 'image/png');
      }
      if (attempt.abort.signal.aborted) throw new EngineError('aborted', 'render aborted');
      const { width, height, fps, durationSec, bytes, renderMs } = output;
      const ok = await transaction(queue.store, async (trx) => {
        const done = await queue.jobs.complete(fence, { videoKey, posterKey, output: JSON.stringify({ width, height, fps, durationSec, bytes }), renderMs }, trx);
        if (done) await queue.announceEnd(trx, job.id);
        return done;
      });
      outcome = ok ? 'completed' : 'lost';
      log.info({ renderMs, completed: ok }, ok ? 'render completed' : 'render finished but the attempt was lost; result discarded');
    } catch (err) {
      await this.handleFailure(err, job, attempt, log);
    } finally {
      clearInterval(timer);
      await pending;
      this.running.delete(job.id);
      metrics?.rendersInFlight.dec({ worker: workerId });
      metrics?.renderDuration.observe({ template: job.template, outcome }, (Date.now() - renderStarted) / 1000);
      await Promise.all([rm(`${work}.mp4`, { force: true }), rm(`${work}.png`, { force: true }), extras?.cleanup?.().catch((err) => log.warn({ err }, 'render extras cleanup failed'))]);
    }
  }

  private async handleFailure(err: unknown, job: JobRow, attempt: RunningAttempt, log: Logger): Promise<void> {
    const { queue } = this.opts;
    if (attempt.reason === 'shutdown') {
      const released = await queue.jobs.release(attempt.fence).catch(() => false);
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
    const outcome = await transaction(queue.store, async (trx) => {
      const o = await queue.jobs.fail(attempt.fence, { code, message }, { retryable, retryDelayMs: Math.round(delay) }, trx);
      if (o === 'failed') await queue.announceEnd(trx, job.id);
      return o;
    });
    log.warn({ err: message, code, outcome }, 'render failed');
  }

  /** What an extension (see extensions.ts) adds to this job's render, if any. */
  private async extrasFor(jobId: string, work: string): Promise<Awaited<ReturnType<NonNullable<JobExtensionHook>>>> {
    for (const ext of this.opts.queue.extensions) {
      const found = await ext.renderExtras?.(jobId, work);
      if (found) return found;
    }
    return null;
  }

  /** Content addressing: an identical completed render whose files still exist is reused. */
  private async reusableOutput(job: JobRow): Promise<RenderOutput | null> {
    const prior = await this.opts.queue.jobs.reusableOutput(job.render_key);
    if (!prior?.output || !prior.video_key || !prior.poster_key) return null;
    const { storage } = this.opts;
    const [video, poster] = await Promise.all([storage.stat(prior.video_key), storage.stat(prior.poster_key)]);
    if (!video || !poster) return null;
    return { ...(JSON.parse(prior.output) as Omit<RenderOutput, 'renderMs'>), renderMs: 0 };
  }
}

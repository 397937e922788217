/**
 * Render workers: the lease runner (core/lease) of this process claims jobs,
 * one per free slot; each is rendered with the engine while the runner
 * heartbeats its lease, stored, and ended with a fenced write. Workers in
 * other processes (or machines, on PostgreSQL) run the same runner against the
 * same store; the lease fence keeps them from stepping on each other.
 *
 * Faults of the machine are not the job's fault: a full disk or an unreachable
 * object store gives the job back (not counted as an attempt) to be tried
 * again later, and the upload of a finished render is retried in place while
 * the store is briefly unreachable.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { EngineError, renderNormalizedVideo, type RenderParams, type StoryboardFiles } from '@aqcast/engine';
import type { Logger } from 'pino';
import { faultOf } from '../../core/faults.js';
import { leaseOf, type Lease } from '../../core/lease/lease.js';
import { LeaseRunner, type LeasedRun } from '../../core/lease/runner.js';
import type { Metrics } from '../../core/metrics.js';
import { transaction } from '../../core/store/database.js';
import type { Storage } from '../../core/storage/storage.js';
import type { JobExtension, JobRenderExtras } from './extensions.js';
import type { QueueService } from './service.js';
import { JOBS_CHANNEL, storyboardVttKey, type JobRow } from './store.js';

export interface RenderOutput {
  width: number;
  height: number;
  fps: number;
  durationSec: number;
  bytes: number;
  renderMs: number;
  /** Whether the storyboard asked for was written (a stand-in renderer may write none). */
  storyboard?: boolean;
}

/** What a worker runs for one job; the engine by default, something trivial in queue benchmarks. */
export type Renderer = (
  params: RenderParams,
  opts: { outFile: string; posterFile: string; storyboard?: StoryboardFiles; onProgress: (fraction: number) => void; signal: AbortSignal; extras?: JobRenderExtras },
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
  /** How long a finished render keeps retrying its upload while object storage is unreachable, before it is given back. */
  storageRetryMs?: number;
  /** How long a job given back for a fault of the machine (full disk, storage down) waits before it is due again. */
  faultDelayMs?: number;
  metrics?: Metrics;
}

/** Work files of one attempt live in a directory named after its lease, so a sweep can tell live ones from leftovers. */
const LEASE_DIR = /^lease-(job_[A-Za-z0-9_-]+)-(\d+)$/;
/** Anything else in the work directory (uploads being kept, narration) is a leftover after this long. */
const STRAY_AFTER_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

function diskFull(err: unknown): boolean {
  if (faultOf(err) === 'insufficient_storage') return true;
  const text = err instanceof EngineError ? `${err.message}\n${err.stderrTail ?? ''}` : err instanceof Error ? err.message : '';
  return /ENOSPC|No space left on device/i.test(text);
}

export class WorkerPool {
  private readonly runner: LeaseRunner<JobRow>;
  private readonly renderer: Renderer;
  private lastSweep = 0;
  private lastTouch = 0;

  constructor(private readonly opts: WorkerPoolOptions) {
    this.renderer =
      opts.renderer ??
      (async (params, { extras, ...o }) => {
        const r = await renderNormalizedVideo(params, { ...o, ...extras, ...(opts.ffmpegPath ? { ffmpegPath: opts.ffmpegPath } : {}) });
        return { width: r.width, height: r.height, fps: r.fps, durationSec: r.durationSec, bytes: r.bytes, renderMs: r.renderMs, storyboard: r.storyboard !== null };
      });
    const { queue, logger, concurrency, workerId, leaseSeconds, pollMs } = opts;
    this.runner = new LeaseRunner<JobRow>({
      name: 'renders', store: queue.store, logger, channel: JOBS_CHANNEL, owner: workerId, concurrency, leaseMs: leaseSeconds * 1000, pollMs,
      claim: (owner) => queue.jobs.claim(owner, leaseSeconds),
      lease: (job) => leaseOf('jobs', job),
      work: (job, run) => this.process(job, run),
      beforeClaims: () => this.housekeeping(),
      onSlot: (owner, job) => void queue.jobs.touchWorker(owner, job?.id ?? null).catch(() => {}),
    });
  }

  async start(): Promise<void> {
    if (this.opts.concurrency === 0) return;
    this.opts.queue.localAbort = (jobId) => this.abortJob(jobId);
    for (const id of this.runner.owners()) await this.opts.queue.jobs.registerWorker({ id, host: hostname(), pid: process.pid });
    await this.sweepWorkDir().catch((err) => this.opts.logger.warn({ err }, 'work directory sweep failed'));
    await this.runner.start();
  }

  /** Jobs rendering in this process now. */
  get activeJobs(): string[] {
    return this.runner.activeItems();
  }

  /** Wakes the runner now (work was enqueued in this process). */
  wake(): void {
    this.runner.wake();
  }

  /** Aborts the local attempt of a job at once (cancel); the fence would stop it at the next heartbeat anyway. */
  abortJob(jobId: string): boolean {
    return this.runner.abortItem(jobId);
  }

  /** Stops taking work; running renders get `graceMs` to finish, then are aborted and released to other workers. */
  async stop(graceMs: number): Promise<void> {
    await this.runner.stop(graceMs);
    this.opts.queue.localAbort = null;
    await this.opts.queue.jobs.removeWorkers(this.opts.workerId).catch(() => {});
  }

  /** Before each round of claims: jobs whose worker died on their last attempt end as failed; idle workers show they live; old work files go. */
  private async housekeeping(): Promise<void> {
    const { queue } = this.opts;
    for (const job of await queue.jobs.exhaustedLeases()) {
      await transaction(queue.store, async (trx) => {
        if (await queue.jobs.failExhausted(trx, job)) await queue.announceEnd(trx, job.id);
      });
    }
    if (Date.now() - this.lastTouch > 5000) {
      this.lastTouch = Date.now();
      for (const id of this.runner.owners()) await queue.jobs.touchWorkerIfIdle(id);
    }
    if (Date.now() - this.lastSweep > SWEEP_EVERY_MS) await this.sweepWorkDir();
  }

  /**
   * Removes what killed renders left in the work directory: an attempt's
   * directory once its lease is no longer held (the job ended, or was taken
   * over with a new token), and any other file older than an hour.
   */
  async sweepWorkDir(): Promise<number> {
    this.lastSweep = Date.now();
    const { storage, queue } = this.opts;
    let removed = 0;
    for (const name of await readdir(storage.workDir).catch((): string[] => [])) {
      const path = join(storage.workDir, name);
      const m = LEASE_DIR.exec(name);
      let stale: boolean;
      if (m) {
        const row = await queue.jobs.get(m[1]!);
        stale = !row || row.status !== 'rendering' || Number(row.lease_token) !== Number(m[2]);
      } else {
        const s = await stat(path).catch(() => null);
        stale = s !== null && Date.now() - s.mtimeMs > STRAY_AFTER_MS;
      }
      if (!stale) continue;
      await rm(path, { recursive: true, force: true });
      removed += 1;
    }
    if (removed) this.opts.logger.info({ removed }, 'removed work files left by stopped renders');
    return removed;
  }

  private async removeEarlierAttempts(jobId: string, token: number): Promise<void> {
    for (const name of await readdir(this.opts.storage.workDir).catch((): string[] => [])) {
      const m = LEASE_DIR.exec(name);
      if (m?.[1] === jobId && Number(m[2]) < token) await rm(join(this.opts.storage.workDir, name), { recursive: true, force: true });
    }
  }

  private async process(job: JobRow, run: LeasedRun): Promise<void> {
    const { queue, storage, logger } = this.opts;
    const lease = run.lease;
    const log = logger.child({ jobId: job.id, attempt: job.attempts, workerId: lease.owner });
    const videoKey = `videos/${job.render_key}.mp4`;
    const posterKey = `posters/${job.render_key}.png`;
    let storyboardKey: string | null = `storyboards/${job.render_key}.jpg`;
    const dir = join(storage.workDir, `lease-${job.id}-${lease.token}`);
    const work = join(dir, 'render');
    const { metrics } = this.opts;
    // Queue wait: from when the job was due to this claim (first attempts only: retries wait on purpose).
    if (job.attempts === 1) metrics?.queueWait.observe({ template: job.template }, Math.max(0, Date.now() - Date.parse(job.run_at)) / 1000);
    metrics?.rendersInFlight.inc({ worker: lease.owner });
    const renderStarted = Date.now();
    let outcome = 'failed';
    let lastBeat = 0;
    let extras: Awaited<ReturnType<NonNullable<JobExtensionHook>>> = null;
    try {
      log.info({ template: job.template }, 'render started');
      // Taken over from a worker that died: what its attempts left goes now.
      if (job.attempts > 1) await this.removeEarlierAttempts(job.id, lease.token);
      await mkdir(dir, { recursive: true });
      // Written by QueueService.enqueue from parameters checked and completed where they came in; rendered as they are.
      const params = JSON.parse(job.params) as RenderParams;
      const reused = await this.reusableOutput(job);
      let output: RenderOutput;
      if (reused) {
        log.info('identical render already stored; reusing its output');
        output = reused.output;
        storyboardKey = reused.storyboardKey;
      } else {
        extras = await this.extrasFor(job.id, work);
        output = await this.renderer(params, {
          outFile: `${work}.mp4`,
          posterFile: `${work}.png`,
          // The track names the sprite relative to its own URL: /files/<token>/storyboard.vtt → storyboard.jpg.
          storyboard: { spriteFile: `${work}.storyboard.jpg`, vttFile: `${work}.storyboard.vtt`, spriteUrl: 'storyboard.jpg' },
          signal: run.signal,
          ...(extras ? { extras: extras.options } : {}),
          onProgress: (f) => {
            // Progress rides on a heartbeat, at most every 500 ms.
            if (Date.now() - lastBeat < 500) return;
            lastBeat = Date.now();
            void run.heartbeat({ progress: Math.min(0.99, Math.max(0, f)), updated_at: new Date().toISOString() });
          },
        });
        if (run.signal.aborted) throw new EngineError('aborted', 'render aborted');
        await this.upload(videoKey, `${work}.mp4`, 'video/mp4', run, log);
        await this.upload(posterKey, `${work}.png`, 'image/png', run, log);
        if (output.storyboard && storyboardKey) {
          await this.upload(storyboardKey, `${work}.storyboard.jpg`, 'image/jpeg', run, log);
          await this.upload(storyboardVttKey(storyboardKey), `${work}.storyboard.vtt`, 'text/vtt; charset=utf-8', run, log);
        } else storyboardKey = null;
      }
      if (run.signal.aborted) throw new EngineError('aborted', 'render aborted');
      const { width, height, fps, durationSec, bytes, renderMs } = output;
      const ok = await run.settle(() =>
        transaction(queue.store, async (trx) => {
          const done = await queue.jobs.complete(lease, { videoKey, posterKey, storyboardKey, output: JSON.stringify({ width, height, fps, durationSec, bytes }), renderMs }, trx);
          if (done) await queue.announceEnd(trx, job.id);
          return done;
        }),
      );
      outcome = ok ? 'completed' : 'lost';
      log.info({ renderMs, completed: ok }, ok ? 'render completed' : 'render finished but the attempt was lost; result discarded');
    } catch (err) {
      await this.handleFailure(err, job, run, log);
    } finally {
      metrics?.rendersInFlight.dec({ worker: lease.owner });
      metrics?.renderDuration.observe({ template: job.template, outcome }, (Date.now() - renderStarted) / 1000);
      await Promise.all([rm(dir, { recursive: true, force: true }), extras?.cleanup?.().catch((err) => log.warn({ err }, 'render extras cleanup failed'))]);
    }
  }

  /** Stores a finished file; while object storage is unreachable the upload is retried (the render is not lost), up to `storageRetryMs`. */
  private async upload(key: string, file: string, contentType: string, run: LeasedRun, log: Logger): Promise<void> {
    const deadline = Date.now() + (this.opts.storageRetryMs ?? 10 * 60_000);
    for (let wait = 1000; ; wait = Math.min(15_000, wait * 2)) {
      try {
        await this.opts.storage.put(key, file, contentType);
        return;
      } catch (err) {
        if (faultOf(err) !== 'storage_unavailable' || run.signal.aborted || Date.now() + wait > deadline) throw err;
        log.warn({ err: String(err), key, retryInMs: wait }, 'storage unreachable; the upload will be retried');
        await sleep(wait, run.signal);
      }
    }
  }

  private async handleFailure(err: unknown, job: JobRow, run: LeasedRun, log: Logger): Promise<void> {
    const { queue } = this.opts;
    const lease: Lease = run.lease;
    if (run.reason() === 'shutdown') {
      const released = await queue.jobs.release(lease).catch(() => false);
      log.info({ released }, 'render interrupted by shutdown; released to other workers');
      return;
    }
    if (run.reason() === 'lost') {
      log.info('attempt lost (canceled or lease taken over); stopped rendering');
      return;
    }
    const fault = diskFull(err) ? 'disk_full' : faultOf(err) === 'storage_unavailable' ? 'storage_unavailable' : null;
    if (fault) {
      // The machine's fault, not the job's: given back without using an attempt, due again after a while.
      const message = `${fault === 'disk_full' ? 'The data disk is full' : 'Object storage is unreachable'}; the render will be tried again (${err instanceof Error ? err.message : String(err)})`;
      const released = await run.settle(() => queue.jobs.release(lease, this.opts.faultDelayMs ?? 30_000, { code: fault, message }));
      log.warn({ err: message, code: fault, released }, 'render could not finish for a fault of the machine; given back to be tried later');
      return;
    }
    const code = err instanceof EngineError ? err.code : 'render_failed';
    const message = err instanceof Error ? (err instanceof EngineError && err.stderrTail ? `${err.message}\n${err.stderrTail}` : err.message) : String(err);
    // Invalid parameters fail the same way every time: never retried.
    const retryable = !(err instanceof EngineError && (err.code === 'invalid_params' || err.code === 'unknown_template'));
    const base = this.opts.retryBaseMs ?? 2000;
    const delay = base * 4 ** (job.attempts - 1) * (0.75 + Math.random() * 0.5);
    const outcome = await run.settle(() =>
      transaction(queue.store, async (trx) => {
        const o = await queue.jobs.fail(lease, { code, message }, { retryable, retryDelayMs: Math.round(delay) }, trx);
        if (o === 'failed') await queue.announceEnd(trx, job.id);
        return o;
      }),
    );
    log.warn({ err: message, code, outcome }, 'render failed');
  }

  /**
   * What the extensions (see extensions.ts) add to this job's render, if any: each
   * one's options together (an AI render in a brand gets captions and a theme).
   */
  private async extrasFor(jobId: string, work: string): Promise<Awaited<ReturnType<NonNullable<JobExtensionHook>>>> {
    let options: JobRenderExtras = {};
    const cleanups: (() => Promise<void>)[] = [];
    let any = false;
    for (const ext of this.opts.queue.extensions) {
      const found = await ext.renderExtras?.(jobId, work);
      if (!found) continue;
      any = true;
      options = { ...options, ...found.options };
      if (found.cleanup) cleanups.push(found.cleanup);
    }
    if (!any) return null;
    return { options, cleanup: async () => void (await Promise.all(cleanups.map((c) => c()))) };
  }

  /**
   * Content addressing: an identical completed render whose files still exist is
   * reused — with its storyboard; one stored before storyboards existed is rendered
   * again by the engine, so that every new job has one.
   */
  private async reusableOutput(job: JobRow): Promise<{ output: RenderOutput; storyboardKey: string | null } | null> {
    const prior = await this.opts.queue.jobs.reusableOutput(job.render_key);
    if (!prior?.output || !prior.video_key || !prior.poster_key) return null;
    if (!prior.storyboard_key && !this.opts.renderer) return null;
    const { storage } = this.opts;
    const keys = [prior.video_key, prior.poster_key, ...(prior.storyboard_key ? [prior.storyboard_key, storyboardVttKey(prior.storyboard_key)] : [])];
    const found = await Promise.all(keys.map((k) => storage.stat(k)));
    if (found.some((s) => !s)) return null;
    // Written by this worker from a finished render's output.
    return { output: { ...(JSON.parse(prior.output) as Omit<RenderOutput, 'renderMs'>), renderMs: 0 }, storyboardKey: prior.storyboard_key };
  }
}

/**
 * The one loop that runs leased work (see lease.ts) in a process: it claims
 * one item per free slot, runs each under a heartbeat that aborts the work
 * when the lease is lost, wakes on a store notification (PostgreSQL
 * LISTEN/NOTIFY, in-process on SQLite) or its poll interval, pauses by itself
 * while the store is unreachable and resumes when it answers, and stops
 * gracefully: no new claims, running items get a grace period, then are
 * aborted and given back.
 */
import type { Logger } from 'pino';
import { faultOf } from '../faults.js';
import type { Store } from '../store/database.js';
import { renewLease, type Lease, type LeaseWrite } from './lease.js';

/** Why a running item's signal was aborted. */
export type AbortReason = 'lost' | 'shutdown';

/** What the work function of one item gets. */
export interface LeasedRun {
  readonly lease: Lease;
  /** Aborted when the lease is lost (renewal refused: expired and taken, canceled) or at shutdown. */
  readonly signal: AbortSignal;
  /** Why `signal` was aborted, or null while it runs. */
  reason(): AbortReason | null;
  /** Renews the lease now, writing `also` with it (e.g. progress); false when the lease is lost (the signal is then aborted). */
  heartbeat(also?: LeaseWrite): Promise<boolean>;
  /**
   * Runs a write that must happen (the work's outcome) and retries it while the
   * store is unreachable, until it succeeds or the runner stops; other errors are
   * thrown at once.
   */
  settle<T>(write: () => Promise<T>): Promise<T>;
}

export interface LeaseRunnerOptions<Item> {
  /** What runs here, for logs: `renders`, `workflows`, `webhooks`. */
  name: string;
  store: Store;
  logger: Logger;
  /** Notifications on this channel wake the loop (new or due work). */
  channel: string;
  /** Owner prefix; slot n owns its leases as `<owner>#<n>`. */
  owner: string;
  /** Items worked on at once (free slots). */
  concurrency: number;
  leaseMs: number;
  /** Longest sleep between looks when nothing wakes the loop. */
  pollMs: number;
  /** Claims one due item for `owner`, or null. */
  claim(owner: string): Promise<Item | null>;
  lease(item: Item): Lease;
  /** The work; its errors are logged (the item's lease then lapses and it is taken over). */
  work(item: Item, run: LeasedRun): Promise<void>;
  /** Housekeeping before each round of claims (e.g. schedule slots, leases that ran out of attempts). */
  beforeClaims?(): Promise<void>;
  /** A slot took an item or went idle (item null). */
  onSlot?(owner: string, item: Item | null): void;
}

interface Running {
  run: LeasedRun;
  done: Promise<void>;
  abort(reason: AbortReason): void;
}

const MAX_BACKOFF_MS = 5000;

export class LeaseRunner<Item> {
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly running = new Map<number, Running>();
  /** Set while the store is unreachable: claims back off until it answers again. */
  private unavailableSince: number | null = null;

  constructor(private readonly o: LeaseRunnerOptions<Item>) {}

  /** Slots in use now. */
  get busy(): number {
    return this.running.size;
  }

  /** Ids of the items running now. */
  activeItems(): string[] {
    return [...this.running.values()].map((r) => r.run.lease.id);
  }

  /** Owners of every slot of this runner. */
  owners(): string[] {
    return Array.from({ length: this.o.concurrency }, (_, i) => `${this.o.owner}#${i}`);
  }

  async start(): Promise<void> {
    if (this.loop || this.o.concurrency === 0) return;
    this.unlisten = await this.o.store.listen(this.o.channel, () => this.wake());
    this.loop = this.run();
  }

  /** Looks for work now (something was queued or a slot freed). */
  wake(): void {
    this.wakeUp?.();
  }

  /** Aborts the running item whose lease is on `id` (a cancel in this process); true when there was one. */
  abortItem(id: string): boolean {
    for (const r of this.running.values()) {
      if (r.run.lease.id === id) {
        r.abort('lost');
        return true;
      }
    }
    return false;
  }

  /** Stops claiming; running items get `graceMs` to finish, then are aborted ('shutdown') and their work gives them back. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    const all = () => Promise.allSettled([...this.running.values()].map((r) => r.done));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([all().then(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(true), graceMs)))]);
    clearTimeout(timer);
    if (timedOut) for (const r of this.running.values()) r.abort('shutdown');
    await all();
    await this.unlisten?.().catch(() => {});
  }

  private async run(): Promise<void> {
    let backoff = 0;
    while (!this.stopping) {
      try {
        await this.o.beforeClaims?.();
        for (let slot = this.freeSlot(); slot !== null && !this.stopping; slot = this.freeSlot()) {
          const owner = `${this.o.owner}#${slot}`;
          const item = await this.o.claim(owner);
          if (!item) break;
          this.begin(slot, owner, item);
        }
        this.available();
        backoff = 0;
      } catch (err) {
        backoff = Math.min(MAX_BACKOFF_MS, Math.max(this.o.pollMs, backoff * 2 || 250));
        this.unavailable(err);
      }
      await this.sleep(backoff || this.o.pollMs);
    }
  }

  private freeSlot(): number | null {
    for (let slot = 0; slot < this.o.concurrency; slot++) if (!this.running.has(slot)) return slot;
    return null;
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.wakeUp = null;
        resolve();
      };
      const t = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  /** Logs the store going away (unreachable, or its disk full) once, and other failures every time. */
  private unavailable(err: unknown): void {
    const fault = faultOf(err);
    if (fault === 'store_unavailable' || fault === 'insufficient_storage') {
      if (this.unavailableSince === null) {
        this.unavailableSince = Date.now();
        const why = fault === 'store_unavailable' ? 'the store is unreachable' : 'the store cannot write (disk full)';
        this.o.logger.warn({ err: String(err), runner: this.o.name }, `${this.o.name}: ${why}; claiming paused until it answers`);
      }
      return;
    }
    this.o.logger.error({ err, runner: this.o.name }, `${this.o.name}: claiming failed; retrying`);
  }

  private available(): void {
    if (this.unavailableSince === null) return;
    this.o.logger.warn({ runner: this.o.name, pausedMs: Date.now() - this.unavailableSince }, `${this.o.name}: the store answers again; claiming resumed`);
    this.unavailableSince = null;
  }

  private begin(slot: number, owner: string, item: Item): void {
    const lease = this.o.lease(item);
    const controller = new AbortController();
    let reason: AbortReason | null = null;
    const abort = (why: AbortReason) => {
      if (controller.signal.aborted) return;
      reason = why;
      controller.abort();
    };
    const { leaseMs, store, logger } = this.o;
    let renewing: Promise<boolean> | null = null;
    const heartbeat = (also?: LeaseWrite): Promise<boolean> => {
      // One renewal at a time; a call while one runs shares its answer.
      renewing ??= renewLease(store.db, lease, leaseMs, also)
        .then(
          (held) => {
            if (!held) abort('lost');
            return held;
          },
          // Unreachable store: keep working. The lease is fenced by its token, so if
          // another process took the item meanwhile, our next write finds out.
          (err: unknown) => {
            logger.warn({ err: String(err), runner: this.o.name, id: lease.id }, 'lease renewal failed; still working');
            return true;
          },
        )
        .finally(() => (renewing = null));
      return renewing;
    };
    const timer = setInterval(() => void heartbeat(), Math.max(200, Math.floor(leaseMs / 3)));
    const settle = async <T>(write: () => Promise<T>): Promise<T> => {
      for (let wait = 250; ; wait = Math.min(MAX_BACKOFF_MS, wait * 2)) {
        try {
          return await write();
        } catch (err) {
          const fault = faultOf(err);
          if ((fault !== 'store_unavailable' && fault !== 'insufficient_storage') || this.stopping) throw err;
          logger.warn({ err: String(err), runner: this.o.name, id: lease.id }, 'store unreachable while recording an outcome; retrying');
          await new Promise((r) => setTimeout(r, wait));
        }
      }
    };
    const run: LeasedRun = { lease, signal: controller.signal, reason: () => reason, heartbeat, settle };
    this.o.onSlot?.(owner, item);
    const done = this.o
      .work(item, run)
      .catch((err: unknown) => logger.error({ err, runner: this.o.name, id: lease.id }, `${this.o.name}: work on an item failed; its lease will lapse and it is taken over`))
      .finally(async () => {
        clearInterval(timer);
        await renewing;
        this.running.delete(slot);
        this.o.onSlot?.(owner, null);
        this.wake();
      });
    this.running.set(slot, { run, done, abort });
  }
}

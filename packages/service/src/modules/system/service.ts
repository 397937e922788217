/** Liveness, readiness and version: what /ping, /health and GraphQL `status` report. */
import { statfs } from 'node:fs/promises';
import { findFfmpeg, findX264Driver } from '@aqcast/engine';
import { sql } from 'kysely';
import { SERVICE_VERSION } from '../../core/version.js';
import type { ModuleDeps } from '../../core/module.js';

export interface Check {
  ok: boolean;
  detail?: string;
}

export class SystemService {
  constructor(private readonly deps: Pick<ModuleDeps, 'store' | 'storage' | 'startedAt' | 'config'>) {}

  /** Seconds since this process started, to a tenth. */
  uptime(): number {
    return Math.round((Date.now() - this.deps.startedAt) / 100) / 10;
  }

  ping() {
    return { ok: true as const, version: SERVICE_VERSION, uptime: this.uptime() };
  }

  /** Each dependency ok or not, with a reason a public caller may see (no paths, no addresses). */
  async health(): Promise<{ ok: boolean; version: string; store: Check; storage: Check; disk: Check; ffmpeg: Check }> {
    const store: Check = await sql`select 1 as one`.execute(this.deps.store.db).then(
      () => ({ ok: true, detail: this.deps.store.dialect }),
      () => ({ ok: false, detail: `${this.deps.store.dialect} unreachable` }),
    );
    const storage: Check = (await this.deps.storage.healthy()) ? { ok: true, detail: this.deps.storage.kind } : { ok: false, detail: `${this.deps.storage.kind} storage ${this.deps.storage.kind === 's3' ? 'unreachable' : 'not writable'}` };
    // The data disk holds renders in progress (and the SQLite database): below the floor, renders and uploads fail.
    const disk: Check = await statfs(this.deps.config.dataDir).then(
      (s) => {
        const freeMb = Math.floor((Number(s.bavail) * Number(s.bsize)) / 1048576);
        return freeMb >= this.deps.config.diskMinFreeMb ? { ok: true, detail: `${freeMb} MB free` } : { ok: false, detail: `data disk full: ${freeMb} MB free (needs ${this.deps.config.diskMinFreeMb})` };
      },
      () => ({ ok: false, detail: 'data disk unreadable' }),
    );
    let ffmpeg: Check;
    try {
      findFfmpeg(this.deps.config.ffmpegPath ?? undefined);
      // Which H.264 encoder renders use: our libx264 driver where it was built, else ffmpeg's.
      ffmpeg = { ok: true, detail: findX264Driver() ? 'encoder aqcast-x264' : 'encoder ffmpeg' };
    } catch {
      ffmpeg = { ok: false, detail: 'ffmpeg not found' };
    }
    return { ok: store.ok && storage.ok && disk.ok && ffmpeg.ok, version: SERVICE_VERSION, store, storage, disk, ffmpeg };
  }
}

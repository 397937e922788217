/**
 * Local video storage under DATA_DIR. Objects are content-addressed by the
 * render key, so identical renders share one file; the public URL of a job
 * uses the job's own random file token, never the key.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

export interface StoredObject {
  path: string;
  bytes: number;
}

export class LocalStorage {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'media');
    mkdirSync(join(this.root, 'videos'), { recursive: true });
    mkdirSync(join(this.root, 'posters'), { recursive: true });
  }

  videoKey(renderKey: string): string {
    return `videos/${renderKey}.mp4`;
  }

  posterKey(renderKey: string): string {
    return `posters/${renderKey}.png`;
  }

  /** Absolute path of a key; keys are produced by this class only, but refuse escapes anyway. */
  pathOf(key: string): string {
    const p = resolve(this.root, key);
    if (!p.startsWith(this.root + '/')) throw new Error(`storage key escapes the storage root: ${key}`);
    return p;
  }

  stat(key: string): StoredObject | null {
    const path = this.pathOf(key);
    if (!existsSync(path)) return null;
    return { path, bytes: statSync(path).size };
  }

  ensureDirFor(key: string): string {
    const path = this.pathOf(key);
    mkdirSync(dirname(path), { recursive: true });
    return path;
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Writable and present: part of /health. */
  healthy(): boolean {
    return existsSync(join(this.root, 'videos'));
  }
}

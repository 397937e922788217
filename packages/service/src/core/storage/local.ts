/** Storage in a local directory under DATA_DIR (`media/`); writes are atomic renames. */
import { createReadStream, mkdirSync } from 'node:fs';
import { access, constants, copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { Storage, StoredObject } from './storage.js';

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly root: string;
  readonly workDir: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'media');
    this.workDir = join(this.root, '.work');
    mkdirSync(this.workDir, { recursive: true });
  }

  /** Absolute path of a key; refuses keys that would escape the root. */
  pathOf(key: string): string {
    const p = resolve(this.root, key);
    if (!p.startsWith(this.root + '/') || key.startsWith('.')) throw new Error(`storage key escapes the storage root: ${key}`);
    return p;
  }

  async put(key: string, localFile: string): Promise<StoredObject> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(localFile, target);
    } catch (err) {
      // Across filesystems: copy under a temporary name, then rename into place.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      const tmp = `${target}.${process.pid}.partial`;
      await copyFile(localFile, tmp);
      await rename(tmp, target);
      await rm(localFile, { force: true });
    }
    return (await this.stat(key))!;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(this.pathOf(key));
      if (!s.isFile()) return null;
      return { bytes: s.size, etag: `"${s.size.toString(36)}-${Math.floor(s.mtimeMs).toString(36)}"`, modifiedAt: s.mtime };
    } catch {
      return null;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Removes `.partial` copies (a process killed while copying across filesystems) older than `olderThanMs`; returns how many. */
  async sweep(olderThanMs: number): Promise<number> {
    let removed = 0;
    for (const dir of ['videos', 'posters', 'context-sources']) {
      for (const name of await readdir(join(this.root, dir)).catch((): string[] => [])) {
        if (!name.endsWith('.partial')) continue;
        const path = join(this.root, dir, name);
        const s = await stat(path).catch(() => null);
        if (s && Date.now() - s.mtimeMs > olderThanMs) {
          await rm(path, { force: true });
          removed += 1;
        }
      }
    }
    return removed;
  }

  async healthy(): Promise<boolean> {
    try {
      await access(this.workDir, constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Where videos, posters and kept uploads live: a local directory (default) or,
 * later, an S3-compatible bucket. Keys are produced by the service
 * (`videos/<render key>.mp4`); public URLs use per-job random tokens, never keys.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  bytes: number;
  /** Changes whenever the bytes change (strong validator for ETag). */
  etag: string;
  modifiedAt: Date;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** A local directory for work files (renders write here, then `put`). */
  readonly workDir: string;
  /** Stores the local file under `key` (moving it when possible); the file is gone afterwards. */
  put(key: string, localFile: string, contentType: string): Promise<StoredObject>;
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes, or the inclusive byte range [start, end]. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** Present and writable: part of /health. */
  healthy(): Promise<boolean>;
  /** A short-lived URL that downloads the object without the API (object stores only). */
  presignedUrl?(key: string, seconds: number, filename?: string): Promise<string>;
  /** Removes temporary objects a killed process left behind (older than `olderThanMs`); returns how many. */
  sweep?(olderThanMs: number): Promise<number>;
  close?(): void;
}

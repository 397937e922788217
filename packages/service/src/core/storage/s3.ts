/**
 * Storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze
 * B2) with the AWS SDK v3: multipart upload for large files (lib-storage), the
 * SDK's standard retry mode with backoff, byte ranges on read, and short-lived
 * presigned URLs for clients that should download straight from the bucket.
 * Every node of a deployment points at the same bucket, so a render made by
 * one worker is served by any API process and reused by any other worker.
 */
import { createReadStream } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { AbortMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListMultipartUploadsCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { StorageUnavailableError } from '../faults.js';
import type { Storage, StoredObject } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  /** Key prefix inside the bucket (no leading or trailing slash), e.g. `aqcast/prod`. */
  prefix: string;
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Local directory for work files before upload. */
  workDir: string;
  /** Attempts per request, the SDK's standard retry mode (backoff with jitter). */
  maxAttempts?: number;
  /** Parts of this size are uploaded in parallel for large files. */
  partSizeBytes?: number;
}

function isNotFound(err: unknown): boolean {
  // The AWS SDK's service errors carry name and $metadata; anything else reads undefined.
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

const TRANSIENT_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException', 'SlowDown', 'ServiceUnavailable', 'InternalError', 'ThrottlingException', 'NetworkingError', 'AbortError']);
const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'ECONNABORTED']);

/** Whether the bucket failing this way may work on a later try (network, 5xx, throttling): then it is a fault, not a bug. */
function transient(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const name = 'name' in err && typeof err.name === 'string' ? err.name : '';
  const code = 'code' in err && typeof err.code === 'string' ? err.code : '';
  if (('$retryable' in err && err.$retryable) || TRANSIENT_NAMES.has(name) || TRANSIENT_CODES.has(code)) return true;
  const metadata = '$metadata' in err && err.$metadata && typeof err.$metadata === 'object' ? err.$metadata : null;
  const status = metadata && 'httpStatusCode' in metadata && typeof metadata.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined;
  if (status !== undefined && status >= 500) return true;
  // A connection refused before any answer: the SDK reports no status at all.
  return status === undefined && /ECONNREFUSED|ECONNRESET|socket hang up|connect ETIMEDOUT/i.test(err instanceof Error ? err.message : '');
}

/** Runs one bucket operation; an outage of the bucket becomes a {@link StorageUnavailableError}. */
async function bucket<T>(operation: string, key: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (transient(err)) throw new StorageUnavailableError(`object storage unreachable (${operation} ${key}): ${err instanceof Error ? err.message || err.name : String(err)}`, err);
    throw err;
  }
}

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly workDir: string;
  private readonly client: S3Client;

  constructor(private readonly opts: S3StorageOptions) {
    this.workDir = opts.workDir;
    mkdirSync(this.workDir, { recursive: true });
    const config: S3ClientConfig = {
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      maxAttempts: opts.maxAttempts ?? 5,
      retryMode: 'standard',
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
    };
    // The SDK warns on Node < 22 that its releases after January 2027 will need Node 22. The lockfile pins a
    // release that supports Node 20 (which our engines allow), so that advisory is turned off by the SDK's own
    // switch for it, unless the operator set the switch; every other warning still prints.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new S3Client(config);
  }

  private key(key: string): string {
    if (key.includes('..') || key.startsWith('/')) throw new Error(`invalid storage key: ${key}`);
    return this.opts.prefix ? `${this.opts.prefix}/${key}` : key;
  }

  async put(key: string, localFile: string, contentType: string): Promise<StoredObject> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.opts.bucket, Key: this.key(key), Body: createReadStream(localFile), ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' },
      partSize: this.opts.partSizeBytes ?? 8 * 1024 * 1024,
      queueSize: 2,
    });
    // A multipart upload that fails is aborted by lib-storage, so no half-written object is ever visible.
    await bucket('put', key, () => upload.done());
    await rm(localFile, { force: true });
    const stat = await this.stat(key);
    if (!stat) throw new Error(`uploaded ${key} but the bucket does not show it`);
    return stat;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await bucket('stat', key, () => this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key) })));
      return { bytes: Number(head.ContentLength ?? 0), etag: head.ETag ?? `"${key}"`, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (!(err instanceof StorageUnavailableError) && isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const res = await bucket('read', key, () => this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) })));
    // In Node the SDK's body is a Readable (its type is the union of every runtime's).
    return res.Body as Readable;
  }

  async remove(key: string): Promise<void> {
    await bucket('remove', key, () => this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key) })));
  }

  async healthy(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.opts.bucket }));
      return true;
    } catch {
      return false;
    }
  }

  /** A URL that downloads the object straight from the bucket for `seconds`. */
  async presignedUrl(key: string, seconds: number, filename?: string): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key), ...(filename ? { ResponseContentDisposition: `inline; filename="${filename}"` } : {}) });
    return getSignedUrl(this.client, command, { expiresIn: seconds });
  }

  /**
   * Aborts multipart uploads under our prefix begun before `olderThanMs` ago: a
   * process killed in the middle of an upload leaves its parts in the bucket
   * (invisible, but billed). Buckets that cannot list uploads (some S3-compatible
   * servers) are left to a lifecycle rule; returns how many were aborted.
   */
  async sweep(olderThanMs: number): Promise<number> {
    const before = Date.now() - olderThanMs;
    let aborted = 0;
    try {
      const listed = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.opts.bucket, ...(this.opts.prefix ? { Prefix: `${this.opts.prefix}/` } : {}) }));
      for (const u of listed.Uploads ?? []) {
        if (!u.Key || !u.UploadId || (u.Initiated && u.Initiated.getTime() > before)) continue;
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.opts.bucket, Key: u.Key, UploadId: u.UploadId }));
        aborted += 1;
      }
    } catch {
      return aborted;
    }
    return aborted;
  }

  close(): void {
    this.client.destroy();
  }
}

/** Where a render's work files go before upload. */
export function workDirFor(dataDir: string): string {
  return join(dataDir, 'work');
}

/** Opening the configured storage, and counting its failures. */
import type { Config } from '../config.js';
import type { Storage } from './storage.js';

/** Opens the configured storage; the S3 client is only loaded when it is used. */
export async function openStorage(config: Pick<Config, 'dataDir' | 'storage'>): Promise<Storage> {
  if (config.storage.kind === 'local') {
    const { LocalStorage } = await import('./local.js');
    return new LocalStorage(config.dataDir);
  }
  const { S3Storage, workDirFor } = await import('./s3.js');
  return new S3Storage({ ...config.storage, workDir: workDirFor(config.dataDir) });
}

/** The same storage, counting failed operations in the metrics. */
export function countStorageErrors(storage: Storage, metrics: { storageErrors: { inc(labels: { operation: string }): void } }): Storage {
  const counted = <A extends unknown[], R>(operation: string, fn: (...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
    try {
      return await fn(...args);
    } catch (err) {
      metrics.storageErrors.inc({ operation });
      throw err;
    }
  };
  return {
    kind: storage.kind,
    workDir: storage.workDir,
    put: counted('put', storage.put.bind(storage)),
    stat: counted('stat', storage.stat.bind(storage)),
    read: counted('read', storage.read.bind(storage)),
    remove: counted('remove', storage.remove.bind(storage)),
    healthy: storage.healthy.bind(storage),
    ...(storage.presignedUrl ? { presignedUrl: counted('presign', storage.presignedUrl.bind(storage)) } : {}),
    ...(storage.sweep ? { sweep: storage.sweep.bind(storage) } : {}),
    ...(storage.close ? { close: storage.close.bind(storage) } : {}),
  };
}

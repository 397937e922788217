/**
 * Faults of what the service depends on — the database unreachable or busy,
 * the object store unreachable, the data disk full — told apart from bugs, so
 * that a request answers 503/507 with `Retry-After` instead of a 500, and
 * background work pauses and retries instead of failing the item it holds.
 */
import { AppError, CORE_ERRORS } from './errors.js';

export type FaultKind = 'store_unavailable' | 'storage_unavailable' | 'insufficient_storage';

/** Network errors of a connection that could not be made or was cut. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'ECONNABORTED', 'UND_ERR_SOCKET']);
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);
/** PostgreSQL: connection exceptions (08…), shutdown/starting up (57P01–57P03), too many connections, serialization/deadlock retries. */
const PG_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300|40001|40P01)$/;
/** pg's own messages for a connection that died or could not be had. */
const PG_CONNECTION_MESSAGES = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|terminating connection|the database system is (starting up|shutting down|in recovery mode)|Client was closed and is not queryable|Connection ended unexpectedly/i;

/** A failure of object storage that a later try may not see (network, 5xx, throttling). */
export class StorageUnavailableError extends Error {
  constructor(
    message: string,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'StorageUnavailableError';
  }
}

function codeOf(err: object): string | undefined {
  return 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : typeof err === 'string' ? err : '';
}

/** Which dependency fault `err` is, or null for anything else (a bug, bad input). Looks through `cause` chains and aggregates. */
export function faultOf(err: unknown, depth = 0): FaultKind | null {
  if (!err || typeof err !== 'object' || depth > 5) return null;
  if (err instanceof AppError) return null;
  if (err instanceof StorageUnavailableError) return faultOf(err.cause, depth + 1) === 'insufficient_storage' ? 'insufficient_storage' : 'storage_unavailable';
  const code = codeOf(err);
  if (code && DISK_FULL_CODES.has(code)) return 'insufficient_storage';
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code?.startsWith('SQLITE_BUSY_')) return 'store_unavailable';
  if (code && PG_UNAVAILABLE.test(code)) return 'store_unavailable';
  if (code && CONNECTION_CODES.has(code)) return 'store_unavailable';
  if (PG_CONNECTION_MESSAGES.test(messageOf(err))) return 'store_unavailable';
  if (err instanceof AggregateError) for (const e of err.errors) if (faultOf(e, depth + 1)) return faultOf(e, depth + 1);
  return 'cause' in err && err.cause ? faultOf(err.cause, depth + 1) : null;
}

/** Seconds a caller should wait before retrying after each kind of fault. */
const RETRY_AFTER: Record<FaultKind, number> = { store_unavailable: 5, storage_unavailable: 10, insufficient_storage: 30 };

const DETAIL: Record<FaultKind, string> = {
  store_unavailable: 'The database is unavailable right now; nothing was changed. Retry after the Retry-After delay.',
  storage_unavailable: 'File storage is unavailable right now; nothing was changed. Retry after the Retry-After delay.',
  insufficient_storage: 'The service is out of disk space; nothing was kept. Retry after the Retry-After delay.',
};

/** The problem a request answers with when it hit a dependency fault; null for anything else. */
export function faultError(err: unknown): AppError | null {
  const kind = faultOf(err);
  if (!kind) return null;
  return new AppError(CORE_ERRORS[kind], DETAIL[kind], { retryAfterSeconds: RETRY_AFTER[kind] });
}

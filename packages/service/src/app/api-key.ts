/**
 * The master API key: AQCAST_API_KEY when set; otherwise generated once,
 * stored in the data dir with mode 0600 and reused on later starts. It is
 * compared in constant time by core/auth.ts and holds every scope.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ApiKeySource {
  key: string;
  source: 'env' | 'file';
  file: string | null;
  /** True only on the start that created the key file (the one time it is printed). */
  generated: boolean;
}

export function resolveApiKey(envKey: string | null, dataDir: string): ApiKeySource {
  if (envKey) return { key: envKey, source: 'env', file: null, generated: false };
  const file = join(dataDir, 'api-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 16) return { key, source: 'file', file, generated: false };
  }
  mkdirSync(dataDir, { recursive: true });
  const key = `aqk_${randomBytes(32).toString('base64url')}`;
  writeFileSync(file, key + '\n', { mode: 0o600, flag: 'w' });
  chmodSync(file, 0o600);
  return { key, source: 'file', file, generated: true };
}

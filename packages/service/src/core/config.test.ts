import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError, defaultDataDir, loadConfig } from './config.js';

const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

test('one data directory wherever the service is started from: the repository root data/', () => {
  for (const cwd of [repoRoot, join(repoRoot, 'packages/service'), '/tmp']) assert.equal(defaultDataDir(cwd), join(repoRoot, 'data'), cwd);
  assert.equal(loadConfig({}).dataDir, join(repoRoot, 'data'));
  assert.equal(loadConfig({ DATA_DIR: '/srv/aq' }).databaseUrl, 'sqlite:/srv/aq/aqcast.db');
});

test('defaults: listen on 127.0.0.1:3000, no absolute URL before the listen address is known', () => {
  const c = loadConfig({});
  assert.deepEqual([c.host, c.port, c.publicBaseUrl, c.corsOrigins], ['127.0.0.1', 3000, null, ['*']]);
});

test('every setting is parsed here: networks, origins, ffmpeg', () => {
  const c = loadConfig({ OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8, ::1/128', CORS_ORIGINS: 'https://a.example,https://b.example', FFMPEG_PATH: '/opt/ffmpeg' });
  assert.deepEqual(c.outboundAllowedNetworks.cidrs, ['127.0.0.0/8', '::1/128']);
  assert.deepEqual(c.corsOrigins, ['https://a.example', 'https://b.example']);
  assert.equal(c.ffmpegPath, '/opt/ffmpeg');
  assert.deepEqual(loadConfig({ WEBHOOK_ALLOWED_NETWORKS: '10.0.0.0/8' }).outboundAllowedNetworks.cidrs, ['10.0.0.0/8'], 'the older name still works');
  assert.deepEqual(loadConfig({ CORS_ORIGINS: '' }).corsOrigins, [], 'empty disables CORS');
});

test('a bad value stops the start with the variable named', () => {
  const cases: [Record<string, string>, string][] = [
    [{ PORT: 'eighty' }, 'PORT'],
    [{ OUTBOUND_ALLOWED_NETWORKS: '10.0.0.0' }, 'OUTBOUND_ALLOWED_NETWORKS'],
    [{ WEBHOOK_ALLOWED_NETWORKS: 'nope/8' }, 'WEBHOOK_ALLOWED_NETWORKS'],
    [{ CORS_ORIGINS: 'example.org' }, 'CORS_ORIGINS'],
    [{ PUBLIC_BASE_URL: 'ftp://x' }, 'PUBLIC_BASE_URL'],
    [{ PUBLIC_BASE_URL: 'https://x.example/?a=1' }, 'PUBLIC_BASE_URL'],
    [{ AQCAST_API_KEY: 'short' }, 'AQCAST_API_KEY'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ WEBHOOK_RETRY_DELAYS: '5,x' }, 'WEBHOOK_RETRY_DELAYS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ JSON_MAX_DEPTH: '2' }, 'JSON_MAX_DEPTH'],
  ];
  for (const [env, variable] of cases) {
    assert.throws(() => loadConfig(env), (err: unknown) => err instanceof ConfigError && err.variable === variable && err.message.startsWith(variable), variable);
  }
});

// The AI provider settings: both halves of a pair or neither, defaults, validation naming the variable.

const base = { DATA_DIR: '/tmp/aqcast-config-test' };

function refused(env: Record<string, string>, variable: string): void {
  assert.throws(() => loadConfig({ ...base, ...env }), (e: unknown) => e instanceof ConfigError && e.variable === variable, `${JSON.stringify(env)} → ${variable}`);
}

test('no provider by default', () => {
  const c = loadConfig(base);
  assert.equal(c.ai, null);
  assert.equal(c.speech, null);
});

test('a language model needs a base URL and a model; defaults for the rest', () => {
  const c = loadConfig({ ...base, AI_BASE_URL: 'http://127.0.0.1:11434/v1/', AI_MODEL: 'llama3.1:8b' });
  assert.deepEqual(c.ai, { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1:8b', apiKey: null, timeoutMs: 20_000, maxTokens: 800, temperature: 0.4 });
  refused({ AI_BASE_URL: 'http://x/v1' }, 'AI_MODEL');
  refused({ AI_MODEL: 'm' }, 'AI_BASE_URL');
  refused({ AI_BASE_URL: 'ftp://x', AI_MODEL: 'm' }, 'AI_BASE_URL');
  refused({ AI_BASE_URL: 'http://x/v1', AI_MODEL: 'm', AI_TIMEOUT_MS: '0' }, 'AI_TIMEOUT_MS');
  refused({ AI_BASE_URL: 'http://x/v1', AI_MODEL: 'm', AI_TEMPERATURE: 'hot' }, 'AI_TEMPERATURE');
  refused({ AI_BASE_URL: 'http://x/v1', AI_MODEL: ' m' }, 'AI_MODEL');
});

test('speech: a voice per language, the key shared with the model unless set', () => {
  const c = loadConfig({ ...base, AI_BASE_URL: 'https://api.example.org/v1', AI_MODEL: 'm', AI_API_KEY: 'sk-1', SPEECH_BASE_URL: 'https://api.example.org/v1', SPEECH_VOICE_PT: 'nova' });
  assert.deepEqual(c.speech, { baseUrl: 'https://api.example.org/v1', model: 'tts-1', apiKey: 'sk-1', voices: { es: 'alloy', en: 'alloy', pt: 'nova' }, timeoutMs: 30_000, format: 'wav' });
  assert.equal(loadConfig({ ...base, SPEECH_BASE_URL: 'http://s/v1', SPEECH_API_KEY: 'k2', SPEECH_VOICE: 'echo' }).speech?.voices.es, 'echo');
  refused({ SPEECH_BASE_URL: 'http://s/v1', SPEECH_FORMAT: 'ogg' }, 'SPEECH_FORMAT');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { CorruptRowError, readJson } from './json-column.js';

const Scopes = Type.Array(Type.String());

test('a JSON column of its shape reads back typed', () => {
  assert.deepEqual(readJson(Scopes, '["renders:read","queue:write"]', 'key k1 scopes'), ['renders:read', 'queue:write']);
});

test('a corrupt row is an error naming the row and the field, not a value of the wrong type', () => {
  assert.throws(() => readJson(Scopes, '["renders:read",7]', 'key k1 scopes'), (err: unknown) => err instanceof CorruptRowError && /key k1 scopes/.test(err.message) && /\[1\]/.test(err.message));
  assert.throws(() => readJson(Scopes, '{"renders', 'key k1 scopes'), (err: unknown) => err instanceof CorruptRowError && /not JSON/.test(err.message));
});

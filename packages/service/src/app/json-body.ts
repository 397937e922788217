/**
 * The JSON body parser: the nesting depth is measured on the raw text first (a
 * linear scan, no recursion), so a document nested thousands deep is a 400
 * before any recursive code — V8's parser or ours — walks it; then
 * secure-json-parse refuses prototype poisoning as Fastify's default parser does.
 */
import type { FastifyInstance } from 'fastify';
import sjson from 'secure-json-parse';
import { AppError, CORE_ERRORS } from '../core/errors.js';

/** Deepest nesting of objects and arrays in a JSON text (strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) max = Math.max(max, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return max;
}

export function registerJsonParser(app: FastifyInstance, maxDepth: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) return done(new AppError(CORE_ERRORS.invalid_json, 'The body is empty; send a JSON document (or no Content-Type)'), undefined);
    const depth = jsonDepth(text);
    if (depth > maxDepth) {
      return done(new AppError(CORE_ERRORS.validation_failed, `The JSON body is nested ${depth} levels deep; the maximum is ${maxDepth}`, { errors: [{ field: '(root)', message: `is nested deeper than ${maxDepth} levels` }] }), undefined);
    }
    try {
      done(null, sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch (err) {
      done(new AppError(CORE_ERRORS.invalid_json, `Request body is not valid JSON: ${(err instanceof Error ? err.message : String(err))}`), undefined);
    }
  });
}

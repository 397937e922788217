/** Scoped API keys over REST (admin scope only), and `GET /whoami` for any valid key. */
import { Type } from '@sinclair/typebox';
import { ADMIN_SCOPE, ANY_SCOPE, callerView } from '../../core/auth.js';
import { AppError, CORE_ERRORS } from '../../core/errors.js';
import { IdParamsSchema, problems } from '../../core/http/schemas.js';
import type { Http } from '../../core/module.js';
import { ApiKeySchema, CallerSchema, CreatedKeySchema, CreateKeyBodySchema, KeyListQuerySchema, ScopeListSchema } from './contract.js';
import type { KeyService } from './service.js';

export function keyRoutes(app: Http, keys: KeyService, scopes: () => string[]): void {
  const tags = ['keys'];
  const config = { scope: ADMIN_SCOPE };
  app.post('/keys', { config, schema: { operationId: 'createKey', tags, summary: 'Create a scoped API key (shown once)', body: CreateKeyBodySchema, response: { 201: CreatedKeySchema, ...problems(400, 401, 403) } } }, async (req, reply) =>
    reply.code(201).send(await keys.create(req.body)),
  );
  app.get('/keys', { config, schema: { operationId: 'listKeys', tags, summary: 'List API keys (never the keys themselves)', querystring: KeyListQuerySchema, response: { 200: Type.Object({ keys: Type.Array(Type.Ref(ApiKeySchema)) }), ...problems(401, 403) } } }, (req) =>
    keys.list(req.query.includeRevoked),
  );
  app.get('/keys/scopes', { config, schema: { operationId: 'listKeyScopes', tags, summary: 'The scopes a key can be granted', response: { 200: ScopeListSchema, ...problems(401, 403) } } }, () => ({ scopes: scopes() }));
  app.delete('/keys/:id', { config, schema: { operationId: 'revokeKey', tags, summary: 'Revoke a key (it stops working within seconds everywhere)', params: IdParamsSchema, response: { 204: Type.Null(), ...problems(401, 403, 404) } } }, async (req, reply) => {
    await keys.revoke(req.params.id);
    return reply.code(204).send(null);
  });
  app.get(
    '/whoami',
    { config: { scope: ANY_SCOPE }, schema: { operationId: 'whoami', tags, summary: 'Check a key: its id, name, scopes and rate limit (401 for a wrong key)', response: { 200: Type.Ref(CallerSchema), ...problems(401) } } },
    (req) => {
      if (!req.principal) throw new AppError(CORE_ERRORS.unauthorized, 'Send a valid key in X-Api-Key');
      return callerView(req.principal);
    },
  );
}

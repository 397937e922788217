/** Scoped API keys over REST (admin scope only). */
import { Type } from '@sinclair/typebox';
import { ADMIN_SCOPE } from '../../core/auth.js';
import { IdParamsSchema, problems } from '../../core/http/schemas.js';
import type { Http } from '../../core/module.js';
import { ApiKeySchema, CreatedKeySchema, CreateKeyBodySchema, KeyListQuerySchema, ScopeListSchema } from './contract.js';
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
}

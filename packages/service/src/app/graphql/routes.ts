/**
 * GraphQL over HTTP, on graphql-js (see executor.ts):
 * - POST /graphql        { query, variables?, operationName? } → { data, errors } (needs the key, like REST)
 * - GET  /graphql        where things are: version, endpoint, schema, explorer, limits (public)
 * - GET  /graphql-schema types, queries, mutations and the SDL (public)
 * - GET  /graphql-explorer GraphiQL, served from this process (public; see explorer.ts)
 *
 * A query that does not parse or validate (including the size, depth and cost
 * limits) is a 400 with GraphQL `errors` and nothing runs; errors raised while
 * resolving come back with a 200 next to the data, each with `extensions.code`
 * (see errors.ts). graphql-js and the schema load on the first request.
 */
import { Type } from '@sinclair/typebox';
import type { GraphQLField, GraphQLSchema } from 'graphql';
import { problems } from '../../core/http/schemas.js';
import type { IdempotencyService } from '../../core/idempotency.js';
import type { Http, ModuleDefinition, Services } from '../../core/module.js';
import { SERVICE_VERSION } from '../../core/version.js';
import type { GraphQLExecutor } from './executor.js';
import { explorerRoutes } from './explorer.js';
import { DEFAULT_LIMITS, DEFAULT_LIST_SIZE, MAX_LIST_LIMIT } from './limit-values.js';

export const GRAPHQL_PATH = '/graphql';
export const GRAPHQL_SCHEMA_PATH = '/graphql-schema';
export const GRAPHQL_EXPLORER_PATH = '/graphql-explorer';

const GraphQLErrorSchema = Type.Object(
  {
    message: Type.String(),
    locations: Type.Optional(Type.Array(Type.Object({ line: Type.Integer(), column: Type.Integer() }))),
    path: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Integer()]))),
    extensions: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: '`code` (e.g. validation_failed, not_found, graphql_parse_failed, query_too_deep, query_too_costly), `status`, and `errors: [{ field, message }]` for invalid input',
      }),
    ),
  },
  { additionalProperties: true },
);

const GraphQLResponseSchema = Type.Object(
  {
    data: Type.Optional(Type.Unknown({ description: 'The result; absent when the query did not parse or validate' })),
    errors: Type.Optional(Type.Array(GraphQLErrorSchema)),
  },
  { additionalProperties: true, description: 'A GraphQL response: `data`, and `errors` for anything that failed' },
);

const GraphQLRequestSchema = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 100_000, description: 'The GraphQL document', examples: ['{ status { version uptime } }'] }),
    variables: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { examples: [{ id: 'job_3kT9x2VbQmPz1rLw' }] })),
    operationName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { examples: [{ query: 'query Job($id: ID!) { render(id: $id) { jobId status progress videoUrl } }', variables: { id: 'job_3kT9x2VbQmPz1rLw' } }] },
);

const NamedTypeRef = Type.Object({ name: Type.String(), type: Type.String(), description: Type.Union([Type.String(), Type.Null()]) });
const OperationSummary = Type.Object({ name: Type.String(), type: Type.String(), description: Type.Union([Type.String(), Type.Null()]), args: Type.Array(NamedTypeRef) });
const TypeSummary = Type.Object({
  name: Type.String(),
  kind: Type.String({ examples: ['OBJECT', 'INPUT_OBJECT', 'ENUM', 'SCALAR'] }),
  description: Type.Union([Type.String(), Type.Null()]),
  fields: Type.Optional(Type.Array(NamedTypeRef)),
  values: Type.Optional(Type.Array(Type.String())),
});
const SchemaSummarySchema = Type.Object({
  version: Type.String({ examples: ['2.1.0'] }),
  types: Type.Array(TypeSummary),
  queries: Type.Array(OperationSummary),
  mutations: Type.Array(OperationSummary),
  sdl: Type.String({ description: 'The schema in GraphQL SDL' }),
});

function operationSummary(f: GraphQLField<unknown, unknown>) {
  return { name: f.name, type: String(f.type), description: f.description ?? null, args: f.args.map((a) => ({ name: a.name, type: String(a.type), description: a.description ?? null })) };
}

/** The summary served at GET /graphql-schema. */
export async function summarizeSchema(schema: GraphQLSchema) {
  const { getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isUnionType, printSchema } = await import('graphql');
  const roots = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name, schema.getSubscriptionType()?.name]);
  const types = Object.values(schema.getTypeMap())
    .filter((t) => !t.name.startsWith('__') && !roots.has(t.name) && !(isScalarType(t) && ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(t.name)))
    .map((t) => {
      const kind = isObjectType(t) ? 'OBJECT' : isInputObjectType(t) ? 'INPUT_OBJECT' : isEnumType(t) ? 'ENUM' : isInterfaceType(t) ? 'INTERFACE' : isUnionType(t) ? 'UNION' : 'SCALAR';
      const base = { name: t.name, kind, description: t.description ?? null };
      if (isObjectType(t) || isInterfaceType(t) || isInputObjectType(t)) {
        return { ...base, fields: Object.values(t.getFields()).map((f) => ({ name: f.name, type: String(f.type), description: f.description ?? null })) };
      }
      if (isEnumType(t)) return { ...base, values: t.getValues().map((v) => v.name) };
      if (isUnionType(t)) return { ...base, values: t.getTypes().map((m) => getNamedType(m).name) };
      return base;
    });
  return {
    version: SERVICE_VERSION,
    types,
    queries: Object.values(schema.getQueryType()?.getFields() ?? {}).map(operationSummary),
    mutations: Object.values(schema.getMutationType()?.getFields() ?? {}).map(operationSummary),
    sdl: printSchema(schema),
  };
}

export interface GraphQLRouteOptions {
  services: Services;
  idempotency: IdempotencyService;
}

export async function graphqlRoutes(app: Http, modules: readonly ModuleDefinition<unknown>[], opts: GraphQLRouteOptions): Promise<void> {
  let executor: Promise<GraphQLExecutor> | null = null;
  /** Built on the first GraphQL request: graphql-js and the schema cost start-up time a REST-only process need not pay. */
  const getExecutor = () => (executor ??= import('./executor.js').then((m) => new m.GraphQLExecutor(modules, opts.idempotency)));
  // Build it soon after start-up, off the path of the first request (and of the first ping).
  app.addHook('onReady', async () => {
    setTimeout(() => void getExecutor().catch(() => {}), 1000).unref();
  });

  app.post(
    GRAPHQL_PATH,
    {
      // A retried request with the same Idempotency-Key replays the first answer, unless that answer carried errors.
      config: { idempotentSuccess: (payload: string) => !/"errors"\s*:/.test(payload), graphqlErrors: true },
      schema: {
        operationId: 'graphql',
        tags: ['graphql'],
        summary: 'Run a GraphQL query or mutation',
        description:
          'GraphQL over HTTP (JSON). The schema is at GET /graphql-schema and can be explored at GET /graphql-explorer. A query that does not parse or validate, or goes over the size, depth or cost limit, is a 400 with `errors` and nothing runs. Errors raised while resolving (a missing job, invalid render parameters) come back with status 200 next to the `data`, each with `extensions.code` from the same catalogue as the REST problem+json `code`. Mutations take an optional `idempotencyKey` argument (or send the Idempotency-Key header for the whole request).',
        body: GraphQLRequestSchema,
        response: {
          200: GraphQLResponseSchema,
          400: {
            description: 'The query did not parse or validate (GraphQL `errors`, application/json), or the HTTP body was invalid (problem+json)',
            content: { 'application/json': { schema: GraphQLResponseSchema }, 'application/problem+json': { schema: Type.Ref('Problem') } },
          },
          401: { description: 'Missing or invalid X-Api-Key, as GraphQL `errors` (`extensions.code` unauthorized)', content: { 'application/json': { schema: GraphQLResponseSchema } } },
          403: { description: 'The key lacks the scope, or a dashboard session sent no valid CSRF token, as GraphQL `errors`', content: { 'application/json': { schema: GraphQLResponseSchema } } },
          429: { description: 'The key\'s rate limit is used up, as GraphQL `errors` (`extensions.code` rate_limited); retry after Retry-After', content: { 'application/json': { schema: GraphQLResponseSchema } } },
          ...problems(409, 413, 415),
        },
      },
    },
    async (req, reply) => {
      const answer = await (await getExecutor()).run(req.body, { services: opts.services, principal: req.principal!, requestId: req.id, log: req.log });
      // The executor answers 200 or 400 only, the codes the route's schema declares.
      return reply.code(answer.statusCode as 200 | 400).send(answer.body);
    },
  );

  app.get(
    GRAPHQL_PATH,
    {
      config: { public: true },
      schema: {
        operationId: 'graphqlInfo',
        tags: ['graphql'],
        summary: 'Where the GraphQL endpoint, schema and explorer are',
        response: {
          200: Type.Object({
            version: Type.String({ examples: ['2.1.0'] }),
            endpoint: Type.String({ description: 'POST GraphQL requests here (with the X-Api-Key header)', examples: [GRAPHQL_PATH] }),
            schema: Type.String({ examples: [GRAPHQL_SCHEMA_PATH] }),
            explorer: Type.String({ examples: [GRAPHQL_EXPLORER_PATH] }),
            auth: Type.String(),
            limits: Type.Object({ maxDepth: Type.Integer(), maxIntrospectionDepth: Type.Integer(), maxCost: Type.Integer(), maxIntrospectionCost: Type.Integer(), maxFields: Type.Integer(), maxAliases: Type.Integer(), defaultListSize: Type.Integer(), maxListLimit: Type.Integer() }),
          }),
        },
      },
    },
    async () => ({
      version: SERVICE_VERSION,
      endpoint: GRAPHQL_PATH,
      schema: GRAPHQL_SCHEMA_PATH,
      explorer: GRAPHQL_EXPLORER_PATH,
      auth: 'Send the API key in the X-Api-Key header with POST /graphql',
      limits: { ...DEFAULT_LIMITS, defaultListSize: DEFAULT_LIST_SIZE, maxListLimit: MAX_LIST_LIMIT },
    }),
  );

  let summary: Awaited<ReturnType<typeof summarizeSchema>> | null = null;
  app.get(
    GRAPHQL_SCHEMA_PATH,
    { config: { public: true }, schema: { operationId: 'graphqlSchema', tags: ['graphql'], summary: 'The GraphQL schema: types, queries, mutations and SDL', response: { 200: SchemaSummarySchema } } },
    async () => (summary ??= await summarizeSchema((await getExecutor()).schema)),
  );

  await explorerRoutes(app);
}

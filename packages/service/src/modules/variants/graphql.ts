/** Variant tests over GraphQL: the same VariantService calls as the /variants routes, with the same validation. */
import { inputTypeSdl, objectTypeSdl } from '../../core/graphql/sdl.js';
import { withoutNulls, type GraphQLPart, type Resolver } from '../../core/graphql/types.js';
import { check } from '../../core/validation.js';
import { RenderParams } from '../renders/index.js';
import { AssignBodySchema, AssignmentSchema, ConcludeBodySchema, CreateBodySchema, ListQuerySchema, ResultSchema, TestPageSchema, TestSchema, TrackBodySchema, TrackEventSchema, TrackResultSchema } from './contract.js';

/** GraphQL sends explicit nulls for "not given" at any depth; the REST contract omits the field. */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => [k, dropNulls(v)]));
  return value;
}

const variantTests: Resolver<{ status?: string[] | null; workflowId?: string | null; limit?: number | null; cursor?: string | null }> = (_p, { status, ...rest }, { services }) =>
  services.variants.list(check(ListQuerySchema, { ...withoutNulls(rest), ...(status ? { status: status.join(',') } : {}) }));

export const variantsGraphql: GraphQLPart = {
  typeDefs: /* GraphQL */ `
    ${objectTypeSdl('VariantTest', TestSchema, { names: { 'arms[]': 'VariantArm', winner: 'VariantWinner', rules: 'VariantRules' }, enums: { status: 'VariantTestStatus', 'winner.decidedBy': 'VariantDecidedBy' } })}

    ${objectTypeSdl('VariantTestPage', TestPageSchema, { refs: { VariantTest: 'VariantTest' } })}

    ${objectTypeSdl('VariantResult', ResultSchema, {
      names: { 'arms[]': 'VariantArmResult', 'arms[].interval': 'VariantInterval', 'arms[].zTest': 'VariantZTest', srm: 'VariantSrm', rules: 'VariantResultRules' },
      enums: { decision: 'VariantDecision' },
    })}

    ${objectTypeSdl('VariantAssignment', AssignmentSchema)}

    ${objectTypeSdl('VariantTrackResult', TrackResultSchema)}

    ${inputTypeSdl('VariantTestInput', CreateBodySchema, { refs: { RenderParams: 'RenderParamsInput' }, names: { 'arms[]': 'VariantArmInput', 'arms[].overrides': 'VariantOverridesInput', rules: 'VariantRulesInput' } })}

    ${inputTypeSdl('VariantEventInput', TrackEventSchema)}

    extend type Query {
      "One variant test (like GET /variants/:id)."
      variantTest(id: ID!): VariantTest
      "Variant tests, newest first (like GET /variants)."
      variantTests(status: [VariantTestStatus!], workflowId: ID, limit: Int = 50, cursor: String): VariantTestPage!
      "The decision and the statistics behind it (like GET /variants/:id/winner)."
      variantWinner(id: ID!): VariantResult!
    }

    extend type Mutation {
      "Creates a test and renders each arm's video (like POST /variants)."
      createVariantTest(input: VariantTestInput!, idempotencyKey: String): VariantTest!
      "The arm a viewer unit sees, the same every time (like POST /variants/:id/assign)."
      assignVariant(id: ID!, unitId: String!, idempotencyKey: String): VariantAssignment!
      "Counts events of assigned units; an eventId counts once (like POST /variants/:id/track)."
      trackVariantEvents(id: ID!, events: [VariantEventInput!]!, idempotencyKey: String): VariantTrackResult!
      "Freezes the result with the rules' winner, or with the arm given (like POST /variants/:id/conclude)."
      concludeVariantTest(id: ID!, arm: String, idempotencyKey: String): VariantTest!
    }
  `,
  resolvers: {
    Query: {
      variantTest: ((_p, { id }, { services }) => services.variants.get(id)) as Resolver<{ id: string }>,
      variantTests,
      variantWinner: ((_p, { id }, { services }) => services.variants.winner(id)) as Resolver<{ id: string }>,
    },
    Mutation: {
      createVariantTest: ((_p, { input }, { services }) => services.variants.create(check(CreateBodySchema, dropNulls(input), { references: [RenderParams] }))) as Resolver<{ input: unknown }>,
      assignVariant: ((_p, { id, unitId }, { services }) => services.variants.assign(id, check(AssignBodySchema, { unitId }).unitId)) as Resolver<{ id: string; unitId: string }>,
      trackVariantEvents: ((_p, { id, events }, { services }) => services.variants.track(id, check(TrackBodySchema, { events: dropNulls(events) }).events)) as Resolver<{ id: string; events: unknown[] }>,
      concludeVariantTest: ((_p, { id, arm }, { services }) => services.variants.conclude(id, check(ConcludeBodySchema, withoutNulls({ arm })))) as Resolver<{ id: string; arm?: string | null }>,
    },
  } as GraphQLPart['resolvers'],
};

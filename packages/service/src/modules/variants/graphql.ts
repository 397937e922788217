/** Variant tests over GraphQL: the same VariantService calls as the /variants routes, with the same validation. */
import { inputTypeSdl, objectTypeSdl } from '../../core/graphql/sdl.js';
import { Type } from '@sinclair/typebox';
import { ById, resolve } from '../../core/graphql/resolve.js';
import type { GraphQLPart } from '../../core/graphql/types.js';
import { ResourceId } from '../../core/http/schemas.js';
import { check } from '../../core/validation.js';
import { RenderParams } from '../renders/index.js';
import { AssignBodySchema, AssignmentSchema, ConcludeBodySchema, CreateBodySchema, ListQuerySchema, ResultSchema, TestPageSchema, TestSchema, TrackBodySchema, TrackEventSchema, TrackResultSchema } from './contract.js';

const VariantListArgs = Type.Object({ ...Type.Omit(ListQuerySchema, ['status']).properties, status: Type.Optional(Type.Array(Type.String())) });

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
      variantTest: resolve(ById, ({ id }, { services }) => services.variants.get(id)),
      // GET /variants takes its statuses comma-separated.
      variantTests: resolve(VariantListArgs, ({ status, ...rest }, { services }) => services.variants.list(check(ListQuerySchema, { ...rest, ...(status ? { status: status.join(',') } : {}) }))),
      variantWinner: resolve(ById, ({ id }, { services }) => services.variants.winner(id)),
    },
    Mutation: {
      createVariantTest: resolve(Type.Object({ input: CreateBodySchema }), ({ input }, { services }) => services.variants.create(input), { references: [RenderParams] }),
      assignVariant: resolve(Type.Object({ id: ResourceId(), ...AssignBodySchema.properties }), ({ id, unitId }, { services }) => services.variants.assign(id, unitId)),
      trackVariantEvents: resolve(Type.Object({ id: ResourceId(), ...TrackBodySchema.properties }), ({ id, events }, { services }) => services.variants.track(id, events)),
      concludeVariantTest: resolve(Type.Object({ id: ResourceId(), ...ConcludeBodySchema.properties }), ({ id, arm }, { services }) => services.variants.conclude(id, arm === undefined ? {} : { arm })),
    },
  },
};

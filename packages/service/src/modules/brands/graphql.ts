/**
 * Brands over GraphQL: the same BrandService calls as the /brands routes, checked
 * with the same schemas. `expectedVersion` is the GraphQL form of If-Match; the
 * preview comes back as base64 JPEG (GraphQL carries no binary).
 */
import { listFamilies } from '@aqcast/engine';
import { Type } from '@sinclair/typebox';
import { inputTypeSdl, objectTypeSdl } from '../../core/graphql/sdl.js';
import { withoutNulls, type GraphQLPart, type Resolver } from '../../core/graphql/types.js';
import { transaction } from '../../core/store/database.js';
import { check } from '../../core/validation.js';
import { BrandSchema, CreateBrandBodySchema, PatchBrandBodySchema, PreviewBodySchema } from './contract.js';
import { etagOf } from './service.js';

const ifMatchOf = (expectedVersion: number | null | undefined) => (expectedVersion === null || expectedVersion === undefined ? undefined : etagOf(expectedVersion));

const PreviewSchema = Type.Object({ mediaType: Type.String({ description: 'image/jpeg' }), data: Type.String({ description: 'The poster, base64' }), bytes: Type.Integer() }, { description: 'A poster of a template in the brand' });

type Input = Record<string, unknown>;

/** The nested inputs BrandInput emits and BrandPatchInput and BrandPreviewInput share. */
const NESTED_INPUTS = { colors: 'BrandColorsInput', logo: 'BrandLogoInput', font: 'BrandFontInput', intro: 'BrandCardInput', outro: 'BrandCardInput', defaults: 'BrandDefaultsInput' };

export const brandsGraphql: GraphQLPart = {
  typeDefs: /* GraphQL */ `
    ${objectTypeSdl('Brand', BrandSchema, { names: { colors: 'BrandColors', effectiveColors: 'BrandEffectiveColors', 'adjustments[]': 'BrandAdjustment', font: 'BrandFont', logo: 'BrandLogo', intro: 'BrandCard', outro: 'BrandCard', defaults: 'BrandDefaults' } })}

    ${objectTypeSdl('BrandPreview', PreviewSchema)}

    "A typeface the service ships."
    type Typeface {
      id: ID!
      label: String!
      "sans, condensed or serif."
      kind: String!
    }

    ${inputTypeSdl('BrandInput', CreateBrandBodySchema, { names: NESTED_INPUTS })}

    ${inputTypeSdl('BrandPatchInput', PatchBrandBodySchema, { names: NESTED_INPUTS, defined: Object.values(NESTED_INPUTS) })}

    ${inputTypeSdl('BrandPreviewInput', PreviewBodySchema, { names: { colors: 'BrandColorsInput' }, defined: ['BrandColorsInput'] })}

    extend type Query {
      "One brand; null (with a not_found error) when the id does not exist."
      brand(id: ID!): Brand
      "Every brand, oldest first."
      brands: [Brand!]!
      "The typeface families the service ships."
      typefaces: [Typeface!]!
      "A poster (base64 JPEG) of a template in the brand, with unsaved colours, typeface or credit over it (like POST /brands/{id}/preview)."
      brandPreview(id: ID!, input: BrandPreviewInput): BrandPreview!
    }

    extend type Mutation {
      "Creates a brand (like POST /brands): uploads are base64 and checked by content; too-faint colours are adjusted and reported."
      createBrand(input: BrandInput!, idempotencyKey: String): Brand!
      "Changes a brand (a new version); expectedVersion refuses a stale edit (brand_precondition_failed), like If-Match. A null logo, font, intro or outro removes it."
      updateBrand(id: ID!, input: BrandPatchInput!, expectedVersion: Int, idempotencyKey: String): Brand!
      "Deletes a brand nothing uses (brand_in_use naming the renders, experiments and workflows otherwise)."
      deleteBrand(id: ID!, expectedVersion: Int, idempotencyKey: String): Boolean!
    }
  `,
  resolvers: {
    Query: {
      brand: ((_p, { id }, { services }) => services.brands.get(id)) as Resolver<{ id: string }>,
      brands: (async (_p, _a, { services }) => (await services.brands.list()).brands) as Resolver,
      typefaces: (() => listFamilies()) as Resolver,
      brandPreview: (async (_p, { id, input }, { services }) => {
        const jpeg = await services.brands.preview(id, check(PreviewBodySchema, withoutNulls(input ?? {})));
        return { mediaType: 'image/jpeg', data: jpeg.toString('base64'), bytes: jpeg.length };
      }) as Resolver<{ id: string; input?: Input | null }>,
    },
    Mutation: {
      createBrand: (async (_p, { input }, { services }) => {
        const prepared = await services.brands.prepareCreate(check(CreateBrandBodySchema, withoutNulls(input)));
        return transaction(services.brands.rows.store, (trx) => services.brands.insert(prepared, trx));
      }) as Resolver<{ input: Input }>,
      // Nulls are kept at the top level: in a patch, null removes the logo, font or a card.
      updateBrand: (async (_p, { id, input, expectedVersion }, { services }) => {
        const body = check(PatchBrandBodySchema, Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v !== null && typeof v === 'object' && !Array.isArray(v) ? withoutNulls(v) : v]).filter(([k, v]) => v !== null || ['logo', 'font', 'intro', 'outro'].includes(String(k)))));
        const make = await services.brands.prepareUpdate(id, body);
        return transaction(services.brands.rows.store, (trx) => services.brands.applyUpdate(id, make, ifMatchOf(expectedVersion), trx));
      }) as Resolver<{ id: string; input: Input; expectedVersion?: number | null }>,
      deleteBrand: (async (_p, { id, expectedVersion }, { services }) => {
        await services.brands.remove(id, ifMatchOf(expectedVersion));
        return true;
      }) as Resolver<{ id: string; expectedVersion?: number | null }>,
    },
  } as GraphQLPart['resolvers'],
};

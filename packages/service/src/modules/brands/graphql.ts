/**
 * Brands over GraphQL: the same BrandService calls as the /brands routes, checked
 * with the same schemas. `expectedVersion` is the GraphQL form of If-Match; the
 * preview comes back as base64 JPEG (GraphQL carries no binary).
 */
import { listFamilies } from '@aqcast/engine';
import { Type } from '@sinclair/typebox';
import { inputTypeSdl, objectTypeSdl } from '../../core/graphql/sdl.js';
import { ById, ExpectedVersion, resolve, resolveNoArgs } from '../../core/graphql/resolve.js';
import type { GraphQLPart } from '../../core/graphql/types.js';
import { ResourceId } from '../../core/http/schemas.js';
import { transaction } from '../../core/store/database.js';
import { BrandSchema, CreateBrandBodySchema, PatchBrandBodySchema, PreviewBodySchema, TypefaceSchema } from './contract.js';
import { etagOf } from '../../core/etag.js';

const ifMatchOf = (expectedVersion: number | undefined) => (expectedVersion === undefined ? undefined : etagOf(expectedVersion));
const Versioned = { id: ResourceId(), expectedVersion: ExpectedVersion };

const PreviewSchema = Type.Object({ mediaType: Type.String({ description: 'image/jpeg' }), data: Type.String({ description: 'The poster, base64' }), bytes: Type.Integer() }, { description: 'A poster of a template in the brand' });

/** The nested inputs BrandInput emits and BrandPatchInput and BrandPreviewInput share. */
const NESTED_INPUTS = { colors: 'BrandColorsInput', logo: 'BrandLogoInput', font: 'BrandFontInput', intro: 'BrandCardInput', outro: 'BrandCardInput', defaults: 'BrandDefaultsInput' };

export const brandsGraphql: GraphQLPart = {
  typeDefs: /* GraphQL */ `
    ${objectTypeSdl('Brand', BrandSchema, { names: { colors: 'BrandColors', effectiveColors: 'BrandEffectiveColors', 'adjustments[]': 'BrandAdjustment', font: 'BrandFont', logo: 'BrandLogo', intro: 'BrandCard', outro: 'BrandCard', defaults: 'BrandDefaults' } })}

    ${objectTypeSdl('BrandPreview', PreviewSchema)}

    ${objectTypeSdl('Typeface', TypefaceSchema, { enums: { id: 'TypefaceId' } })}

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
      brand: resolve(ById, ({ id }, { services }) => services.brands.get(id)),
      brands: resolveNoArgs(async ({ services }) => (await services.brands.list()).brands),
      typefaces: resolveNoArgs(() => listFamilies()),
      brandPreview: resolve(Type.Object({ id: ResourceId(), input: Type.Optional(PreviewBodySchema) }), async ({ id, input }, { services }) => {
        const jpeg = await services.brands.preview(id, input ?? {});
        return { mediaType: 'image/jpeg', data: jpeg.toString('base64'), bytes: jpeg.length };
      }),
    },
    Mutation: {
      createBrand: resolve(Type.Object({ input: CreateBrandBodySchema }), async ({ input }, { services }) => {
        const prepared = await services.brands.prepareCreate(input);
        return transaction(services.brands.rows.store, (trx) => services.brands.insert(prepared, trx));
      }),
      // In a patch, null removes the logo, font or a card: the schema keeps those nulls.
      updateBrand: resolve(Type.Object({ ...Versioned, input: PatchBrandBodySchema }), async ({ id, input, expectedVersion }, { services }) => {
        const make = await services.brands.prepareUpdate(id, input);
        return transaction(services.brands.rows.store, (trx) => services.brands.applyUpdate(id, make, ifMatchOf(expectedVersion), trx));
      }),
      deleteBrand: resolve(Type.Object(Versioned), async ({ id, expectedVersion }, { services }) => {
        await services.brands.remove(id, ifMatchOf(expectedVersion));
        return true;
      }),
    },
  },
};

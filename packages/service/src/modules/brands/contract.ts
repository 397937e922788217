/**
 * The brands contract: a brand is a publisher's look (colours, typeface or an
 * uploaded font, logo, footer credit, intro/outro card) and its defaults for
 * renders (language, AQI standard, format). Uploads travel as base64 in JSON, so
 * REST, GraphQL and both clients send the same body.
 */
import { FORMATS, LANGUAGES, MAX_CREDIT_CHARS, THEME_FAMILIES, TYPEFACE_KINDS, RATED_STANDARD_IDS } from '@aqcast/engine';
import { Type, type Static, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';
import { Nullable, ResourceId, StringEnum } from '../../core/http/schemas.js';

/** How a logo was uploaded (an SVG is drawn as a PNG), and whether a plate is drawn behind it. */
export const LOGO_TYPES = ['png', 'jpeg', 'svg'] as const;
export const LOGO_PLATES = ['auto', 'always', 'never'] as const;

/** A string enum TypeBox can compile (request schemas must be compilable; StringEnum is for responses). */
export function OneOf<const T extends readonly string[]>(values: T, options: { description?: string } = {}): TUnion<TLiteral<T[number]>[]> {
  return Type.Union(values.map((v: T[number]) => Type.Literal(v)), options);
}

/** `T | null` for request schemas. */
function OrNull<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  return Type.Union([schema, Type.Null()], options);
}

/** The brand a render is made in: an id, null for none; omitted, the default brand (if one is set). */
export function brandIdField(description = 'The brand to render in (GET /brands); null for none; omitted: the default brand, if one is set') {
  return Type.Optional(Type.Union([ResourceId('A brand id (GET /brands)'), Type.Null()], { description }));
}
export const BrandIdField = brandIdField();

const Hex = (description: string) => Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: `${description}, as #RRGGBB`, examples: ['#0D1533'] });

export const BrandColorsSchema = Type.Object(
  {
    background: Type.Optional(Hex('Frame background')),
    surface: Type.Optional(Hex('Panels and cards over the background')),
    text: Type.Optional(Hex('Primary text')),
    accent: Type.Optional(Hex('Accent: the progress bar and the mark beside the credit')),
  },
  { additionalProperties: false, description: 'Colours; each omitted one keeps the default look. AQI category colours are never replaced.' },
);

const CardSchema = Type.Object(
  {
    durationSec: Type.Number({ minimum: 1, maximum: 2, description: 'Seconds, 1–2' }),
    text: Type.Optional(Type.String({ maxLength: 80, description: 'A line under the logo' })),
  },
  { additionalProperties: false },
);

const DefaultsSchema = Type.Object(
  {
    language: Type.Optional(OneOf(LANGUAGES)),
    aqiStandard: Type.Optional(OneOf(RATED_STANDARD_IDS)),
    format: Type.Optional(OneOf(FORMATS)),
  },
  { additionalProperties: false, description: 'Used by a render in this brand that does not set them' },
);

const Base64 = (description: string, maxBytes: number) => Type.String({ minLength: 1, maxLength: Math.ceil((maxBytes * 4) / 3) + 4, pattern: '^[A-Za-z0-9+/=\\s]+$', contentEncoding: 'base64', description });

export const LogoUploadSchema = Type.Object(
  {
    data: Base64('The logo file, base64: PNG, JPEG or SVG (checked by content; at most 2 MB and 16 megapixels; an SVG may not reference anything outside itself, nor hold scripts or entity declarations)', 2 * 1024 * 1024),
    plate: Type.Optional(OneOf(LOGO_PLATES, { description: 'A plate behind the logo: auto (default) draws one when the logo lacks contrast with the background' })),
  },
  { additionalProperties: false },
);

export const FontUploadSchema = Type.Object({ data: Base64('A TrueType or OpenType font file, base64 (at most 4 MB; must have the Latin letters of en, es and pt)', 4 * 1024 * 1024) }, { additionalProperties: false });

const common = {
  colors: Type.Optional(BrandColorsSchema),
  typeface: Type.Optional(OneOf(THEME_FAMILIES, { description: 'A family the service ships (sans, condensed, serif); an uploaded font takes precedence' })),
  credit: Type.Optional(Type.String({ maxLength: MAX_CREDIT_CHARS, description: 'The footer credit line (default: aqcast); empty for none' })),
  defaults: Type.Optional(DefaultsSchema),
  isDefault: Type.Optional(Type.Boolean({ description: 'Renders that name no brand use the default brand (one at most; setting it moves the flag)' })),
};

export const CreateBrandBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    ...common,
    logo: Type.Optional(LogoUploadSchema),
    font: Type.Optional(FontUploadSchema),
    intro: Type.Optional(CardSchema),
    outro: Type.Optional(CardSchema),
  },
  { additionalProperties: false },
);
export type CreateBrandBody = Static<typeof CreateBrandBodySchema>;

export const PatchBrandBodySchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    ...common,
    logo: Type.Optional(OrNull(LogoUploadSchema, { description: 'A new logo; null removes it' })),
    font: Type.Optional(OrNull(FontUploadSchema, { description: 'A new font; null removes it (back to typeface)' })),
    intro: Type.Optional(OrNull(CardSchema)),
    outro: Type.Optional(OrNull(CardSchema)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type PatchBrandBody = Static<typeof PatchBrandBodySchema>;

export const AdjustmentSchema = Type.Object(
  {
    field: Type.String({ description: 'The colour that was changed, e.g. colors.text' }),
    from: Type.String(),
    to: Type.String({ description: 'What renders draw instead' }),
    against: Type.String({ description: 'The colour it is drawn on (the least contrasting)' }),
    againstField: Type.String(),
    ratioBefore: Type.Number(),
    ratio: Type.Number(),
    required: Type.Number({ description: '4.5 for text, 3 for the accent (graphics, large text)' }),
  },
  { description: 'A colour moved towards white or near-black until it reached the WCAG contrast it needs' },
);

export const BrandSchema = Type.Object(
  {
    brandId: Type.String({ 'x-graphql': 'ID' }),
    name: Type.String(),
    version: Type.Integer({ description: 'Bumped by every change; renders record the version they used' }),
    isDefault: Type.Boolean(),
    colors: Type.Object({ background: Nullable(Type.String()), surface: Nullable(Type.String()), text: Nullable(Type.String()), accent: Nullable(Type.String()) }, { description: 'As asked (null: the default look)' }),
    effectiveColors: Type.Object({ background: Type.String(), surface: Type.String(), text: Type.String(), muted: Type.String(), faint: Type.String(), accent: Nullable(Type.String()) }, { description: 'What renders draw, after adjustments' }),
    adjustments: Type.Array(AdjustmentSchema, { description: 'Colours changed for legibility (never refused: see docs/brands.md)' }),
    typeface: StringEnum(THEME_FAMILIES),
    font: Nullable(Type.Object({ family: Type.String(), format: Type.String(), bytes: Type.Integer() }), { description: 'The uploaded font, if any (used instead of typeface)' }),
    logo: Nullable(Type.Object({ uploadedType: StringEnum(LOGO_TYPES), width: Type.Integer(), height: Type.Integer(), bytes: Type.Integer(), plate: StringEnum(LOGO_PLATES) }), { description: 'The logo as renders draw it (an SVG rasterised)' }),
    credit: Type.String(),
    intro: Nullable(CardSchema),
    outro: Nullable(CardSchema),
    defaults: Type.Object({ language: Nullable(StringEnum(LANGUAGES)), aqiStandard: Nullable(StringEnum(RATED_STANDARD_IDS)), format: Nullable(StringEnum(FORMATS)) }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Brand', description: 'A publisher look that renders can be made in' },
);
export type BrandView = Static<typeof BrandSchema>;

export const BrandListSchema = Type.Object({ brands: Type.Array(Type.Ref(BrandSchema)) });

export const TypefaceSchema = Type.Object(
  {
    id: StringEnum(THEME_FAMILIES),
    label: Type.String(),
    kind: StringEnum(TYPEFACE_KINDS, { description: 'sans, condensed or serif' }),
  },
  { description: 'A typeface the service ships' },
);
export const TypefaceListSchema = Type.Object({ typefaces: Type.Array(TypefaceSchema) });

export const IfMatchHeadersSchema = Type.Object({
  'if-match': Type.Optional(Type.String({ maxLength: 200, description: 'The ETag of the version you read ("v3"): the change is refused with 412 when the brand changed since' })),
});

export const PreviewBodySchema = Type.Object(
  {
    template: Type.Optional(Type.String({ maxLength: 100, description: 'Default: the default template' })),
    format: Type.Optional(OneOf(FORMATS)),
    resolution: Type.Optional(OneOf(['360p', '720p', '1080p'] as const, { description: 'Default 720p' })),
    colors: Type.Optional(BrandColorsSchema),
    typeface: Type.Optional(OneOf(THEME_FAMILIES)),
    credit: Type.Optional(Type.String({ maxLength: MAX_CREDIT_CHARS })),
  },
  { additionalProperties: false, description: 'Unsaved changes to show over the stored brand (the dashboard previews colours as they are picked)' },
);
export type PreviewBody = Static<typeof PreviewBodySchema>;

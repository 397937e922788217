/** Brands over REST: thin adapters over {@link BrandService}; ETag on every answer that carries a brand. */
import { listFamilies } from '@aqcast/engine';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { inTransaction } from '../../core/http/idempotency.js';
import { IdParamsSchema, problems } from '../../core/http/schemas.js';
import type { Http, ModuleDeps } from '../../core/module.js';
import { BrandListSchema, BrandSchema, CreateBrandBodySchema, IfMatchHeadersSchema, PatchBrandBodySchema, PreviewBodySchema, TypefaceListSchema, type BrandView } from './contract.js';
import { etagOf } from '../../core/etag.js';
import type { BrandService } from './service.js';

/** Room for a 2 MB logo and a 4 MB font in base64, and the rest of the body. */
const BODY_LIMIT = 9 * 1024 * 1024;

function withEtag(reply: FastifyReply, brand: BrandView): BrandView {
  reply.header('etag', etagOf(brand.version));
  return brand;
}

export function brandRoutes(app: Http, brands: BrandService, deps: ModuleDeps): void {
  const tags = ['brands'];
  const ref = Type.Ref(BrandSchema);

  app.get('/brands', { schema: { operationId: 'listBrands', tags, summary: 'List brands, oldest first', response: { 200: BrandListSchema, ...problems(401) } } }, () => brands.list());

  app.get(
    '/brands/typefaces',
    {
      schema: {
        operationId: 'listTypefaces', tags, summary: 'The typeface families the service ships (a brand names one, or uploads its own font)',
        response: { 200: TypefaceListSchema, ...problems(401) },
      },
    },
    () => ({ typefaces: listFamilies() }),
  );

  app.post(
    '/brands',
    {
      bodyLimit: BODY_LIMIT,
      config: { responseHeaders: ['ETag', 'Location'] },
      schema: {
        operationId: 'createBrand', tags, summary: 'Create a brand: colours, typeface or font, logo, credit, intro/outro card, render defaults',
        description: 'Uploads are base64 in the body and checked by content; nothing is stored when any field is refused. Too-faint text and accent colours are adjusted (see `adjustments`), not refused.',
        body: CreateBrandBodySchema, response: { 201: ref, ...problems(400, 401, 409, 413) },
      },
    },
    async (req, reply) => {
      const prepared = await brands.prepareCreate(req.body);
      const brand = await inTransaction(req, deps.store, 201, (trx) => brands.insert(prepared, trx));
      reply.header('location', `/brands/${brand.brandId}`);
      return reply.code(201).send(withEtag(reply, brand));
    },
  );

  app.get('/brands/:id', { config: { responseHeaders: ['ETag'] }, schema: { operationId: 'getBrand', tags, summary: 'One brand, with its ETag', params: IdParamsSchema, response: { 200: ref, ...problems(401, 404) } } }, async (req, reply) => withEtag(reply, await brands.get(req.params.id)));

  app.patch(
    '/brands/:id',
    {
      bodyLimit: BODY_LIMIT,
      config: { responseHeaders: ['ETag'] },
      schema: {
        operationId: 'updateBrand', tags, summary: 'Change a brand (a new version; renders already queued keep theirs); If-Match refuses a stale edit with 412', params: IdParamsSchema, headers: IfMatchHeadersSchema, body: PatchBrandBodySchema,
        response: { 200: ref, ...problems(400, 401, 404, 409, 412, 413) },
      },
    },
    async (req, reply) => {
      const make = await brands.prepareUpdate(req.params.id, req.body);
      return withEtag(reply, await inTransaction(req, deps.store, 200, (trx) => brands.applyUpdate(req.params.id, make, req.headers['if-match'], trx)));
    },
  );

  app.delete(
    '/brands/:id',
    {
      schema: {
        operationId: 'deleteBrand', tags, summary: 'Delete a brand; 409 naming the unfinished renders that use it (finished ones keep the version they used)', params: IdParamsSchema, headers: IfMatchHeadersSchema,
        response: { 204: Type.Null(), ...problems(401, 404, 409, 412) },
      },
    },
    async (req, reply) => {
      await brands.remove(req.params.id, req.headers['if-match']);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/brands/:id/preview',
    {
      config: { idempotency: 'off' },
      preValidation: async (req) => {
        req.body ??= {};
      },
      schema: {
        operationId: 'previewBrand', tags, summary: 'A poster (JPEG) of a template in the brand, with unsaved colours, typeface or credit over it', params: IdParamsSchema, body: PreviewBodySchema,
        produces: ['image/jpeg'],
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The poster, JPEG' }), ...problems(400, 401, 404) },
      },
    },
    async (req, reply) => {
      const jpeg = await brands.preview(req.params.id, req.body);
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'no-store').send(jpeg);
    },
  );
}

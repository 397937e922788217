/** The brands module: publisher looks (colours, typeface, logo, credit) that renders are made in. */
import { defineModule } from '../../core/module.js';
import { BrandSchema } from './contract.js';
import { brandsGraphql } from './graphql.js';
import { moveJobLinks, up as createBrands } from './migrations.js';
import { brandRoutes } from './routes.js';
import { BRAND_ERRORS, BRAND_EVENTS, BrandService } from './service.js';

export { BrandIdField, brandIdField, BrandSchema, type BrandView } from './contract.js';
export { BrandService, withBrandDefaults, type BrandUsers, type RenderBrand } from './service.js';

declare module '../../core/services.js' {
  interface Services {
    brands: BrandService;
  }
}

export const brandsModule = defineModule({
  name: 'brands',
  description: 'Publisher looks (colours, typeface or font, logo, credit, render defaults) that renders are made in; versioned, with ETag/If-Match',
  uses: ['queue'],
  errors: BRAND_ERRORS,
  migrations: { '202612021200_brands': { up: createBrands }, '202612291001_brands_job_link_on_jobs': { up: moveJobLinks } },
  schemas: [BrandSchema],
  events: [...BRAND_EVENTS],
  create: (deps) => {
    const service = new BrandService({ store: deps.store, storage: deps.storage, publish: (exec, type, data) => deps.events.publish(exec, type, data) });
    deps.services.queue.extend(service);
    return service;
  },
  routes: brandRoutes,
  graphql: brandsGraphql,
});

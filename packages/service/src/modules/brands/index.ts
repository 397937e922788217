/** The brands module: publisher looks (colours, typeface, logo, credit) that renders are made in. */
import { defineModule } from '../../core/module.js';
import { BrandSchema } from './contract.js';
import * as m202612021200 from './migrations.js';
import { brandRoutes } from './routes.js';
import { BRAND_ERRORS, BRAND_EVENTS, BrandService } from './service.js';

export { BrandSchema, type BrandView } from './contract.js';
export { BrandService, type RenderBrand } from './service.js';

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
  migrations: { '202612021200_brands': m202612021200 },
  schemas: [BrandSchema],
  events: [...BRAND_EVENTS],
  create: (deps) => {
    const service = new BrandService({ store: deps.store, storage: deps.storage, publish: (exec, type, data) => deps.events.publish(exec, type, data) });
    deps.services.queue.extend(service);
    return service;
  },
  routes: brandRoutes,
});

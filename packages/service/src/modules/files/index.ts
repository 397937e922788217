/** The files module: public, unguessable URLs of finished videos and posters, served from storage. */
import { defineModule } from '../../core/module.js';
import { fileRoutes } from './routes.js';

export const filesModule = defineModule({
  name: 'files',
  description: 'Finished videos and posters (public, unguessable URLs)',
  uses: ['queue'],
  routes: (app, _service, deps) => fileRoutes(app, deps.services.queue, deps.storage, { mode: deps.config.filesDelivery, presignSeconds: deps.config.filesPresignSeconds }),
});

/** `status` and `ping`: the GraphQL side of GET /ping. */
import { SERVICE_VERSION } from '../../version.js';
import type { GraphQLModule } from '../module.js';

export const systemModule: GraphQLModule = {
  name: 'system',
  typeDefs: /* GraphQL */ `
    "The running service."
    type Status {
      "Service version (semver), the same value GET /ping reports."
      version: String!
      "Seconds since the service started."
      uptime: Float!
    }

    extend type Query {
      "Version and uptime of the service."
      status: Status!
      "Always true: the service is up and the API key was accepted."
      ping: Boolean!
    }
  `,
  resolvers: {
    Query: {
      status: (_parent, _args, { ctx }) => ({ version: SERVICE_VERSION, uptime: Math.round((Date.now() - ctx.startedAt) / 100) / 10 }),
      ping: () => true,
    },
  },
};

/** `status` and `ping`: the GraphQL side of GET /ping. */
import { resolveNoArgs } from '../../core/graphql/resolve.js';
import type { GraphQLPart } from '../../core/graphql/types.js';

export const systemGraphql: GraphQLPart = {
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
      status: resolveNoArgs(({ services }) => services.system.ping()),
      ping: () => true,
    },
  },
};

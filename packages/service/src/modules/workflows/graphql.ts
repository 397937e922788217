/** Workflows over GraphQL: the same WorkflowService calls as the /workflows routes, types derived from the contract. */
import { uniqueDefinitions } from '../../core/graphql/unique-definitions.js';
import { inputTypeSdl, objectTypeSdl } from '../../core/graphql/sdl.js';
import { Type } from '@sinclair/typebox';
import { ById, resolve } from '../../core/graphql/resolve.js';
import type { GraphQLPart } from '../../core/graphql/types.js';
import { ResourceId } from '../../core/http/schemas.js';
import { ListQuerySchema, RunListQuerySchema, RunOverridesSchema, RunPageSchema, WorkflowBodySchema, WorkflowPageSchema, WorkflowPatchSchema, WorkflowRunSchema, WorkflowSavedSchema, WorkflowSchema } from './contract.js';

/** Joins SDL parts, keeping the first definition of each type that several parts emit. */
const inputNames = { trigger: 'WorkflowTriggerInput', 'locations[]': 'WorkflowLocationInput', 'steps[]': 'WorkflowStepInput', 'steps[].series': 'WorkflowSeriesInput' };
const outputNames = {
  trigger: 'WorkflowTrigger', 'locations[]': 'WorkflowLocation', lastRun: 'WorkflowLastRun', counts: 'WorkflowRunCounts', error: 'WorkflowError', 'items[]': 'WorkflowRunItem',
  'items[].location': 'WorkflowLocation', 'items[].error': 'WorkflowError', 'items[].steps[]': 'WorkflowStepRecord', 'items[].steps[].error': 'WorkflowError',
};

export const workflowsGraphql: GraphQLPart = {
  typeDefs: /* GraphQL */ `
    ${uniqueDefinitions([
      objectTypeSdl('Workflow', WorkflowSchema, { names: outputNames }),
      objectTypeSdl('WorkflowRun', WorkflowRunSchema, { names: outputNames, refs: { RenderJob: 'RenderJob' } }),
      objectTypeSdl('WorkflowSaved', WorkflowSavedSchema, { refs: { Workflow: 'Workflow' } }),
      objectTypeSdl('WorkflowPage', WorkflowPageSchema, { refs: { Workflow: 'Workflow' } }),
      objectTypeSdl('WorkflowRunPage', RunPageSchema, { refs: { WorkflowRun: 'WorkflowRun' } }),
      inputTypeSdl('WorkflowInput', WorkflowBodySchema, { names: inputNames }),
      inputTypeSdl('WorkflowPatchInput', WorkflowPatchSchema, { names: inputNames }),
      inputTypeSdl('WorkflowRunOverridesInput', RunOverridesSchema, { names: inputNames }),
    ])}

    extend type Query {
      "Workflows, newest first (like GET /workflows)."
      workflows(limit: Int = 50, cursor: String): WorkflowPage!
      "One workflow with its next run times; null (with a not_found error) when the id does not exist."
      workflow(id: ID!): Workflow
      "Runs of a workflow, newest first (like GET /workflows/:id/runs)."
      workflowRuns(id: ID!, status: String, limit: Int = 50, cursor: String): WorkflowRunPage!
      "One run with its items, step records and jobs."
      workflowRun(id: ID!): WorkflowRun
    }

    extend type Mutation {
      "Creates a workflow (like POST /workflows); an inbound trigger's secret is returned here only."
      createWorkflow(input: WorkflowInput!, idempotencyKey: String): WorkflowSaved!
      "Changes what is given (like PATCH /workflows/:id)."
      updateWorkflow(id: ID!, input: WorkflowPatchInput!, idempotencyKey: String): WorkflowSaved!
      "Deletes a workflow; unfinished runs are canceled."
      deleteWorkflow(id: ID!, idempotencyKey: String): Boolean!
      "Starts a run now and returns it (like POST /workflows/:id/run)."
      runWorkflow(id: ID!, overrides: WorkflowRunOverridesInput, idempotencyKey: String): WorkflowRun!
    }
  `,
  resolvers: {
    Query: {
      workflows: resolve(ListQuerySchema, (page, { services }) => services.workflows.list(page)),
      workflow: resolve(ById, ({ id }, { services }) => services.workflows.get(id)),
      workflowRuns: resolve(Type.Object({ id: ResourceId(), ...RunListQuerySchema.properties }), ({ id, ...query }, { services }) => services.workflows.listRuns(id, query)),
      workflowRun: resolve(ById, ({ id }, { services }) => services.workflows.getRun(id)),
    },
    Mutation: {
      createWorkflow: resolve(Type.Object({ input: WorkflowBodySchema }), ({ input }, { services }) => services.workflows.create(input)),
      updateWorkflow: resolve(Type.Object({ id: ResourceId(), input: WorkflowPatchSchema }), ({ id, input }, { services }) => services.workflows.update(id, input)),
      deleteWorkflow: resolve(ById, async ({ id }, { services }) => {
        await services.workflows.remove(id);
        return true;
      }),
      runWorkflow: resolve(Type.Object({ id: ResourceId(), overrides: Type.Optional(RunOverridesSchema) }), ({ id, overrides }, { services }) => services.workflows.run(id, overrides ?? null)),
    },
  },
};

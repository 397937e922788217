/** Workflows over GraphQL: the same WorkflowService calls as the /workflows routes, types derived from the contract. */
import { inputTypeSdl, objectTypeSdl } from '../../core/graphql/sdl.js';
import type { GraphQLPart, Resolver } from '../../core/graphql/types.js';
import { check } from '../../core/validation.js';
import { ListQuerySchema, RunListQuerySchema, RunOverridesSchema, RunPageSchema, WorkflowBodySchema, WorkflowPageSchema, WorkflowPatchSchema, WorkflowRunSchema, WorkflowSavedSchema, WorkflowSchema } from './contract.js';

/** GraphQL sends explicit nulls for "not given", at any depth; the REST contract omits the field. */
function stripNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripNulls);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null && x !== undefined).map(([k, x]) => [k, stripNulls(x)]));
}

/** Joins SDL parts, keeping the first definition of each type that several parts emit. */
function joinSdl(...parts: string[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const block of parts.join('\n\n').split(/\n\n+/)) {
    const name = /^(?:type|input|enum) (\w+)/m.exec(block)?.[1];
    if (name && seen.has(name)) continue;
    if (name) seen.add(name);
    out.push(block);
  }
  return out.join('\n\n');
}

const inputNames = { trigger: 'WorkflowTriggerInput', 'locations[]': 'WorkflowLocationInput', 'steps[]': 'WorkflowStepInput', 'steps[].series': 'WorkflowSeriesInput' };
const outputNames = {
  trigger: 'WorkflowTrigger', 'locations[]': 'WorkflowLocation', lastRun: 'WorkflowLastRun', counts: 'WorkflowRunCounts', error: 'WorkflowError', 'items[]': 'WorkflowRunItem',
  'items[].location': 'WorkflowLocation', 'items[].error': 'WorkflowError', 'items[].steps[]': 'WorkflowStepRecord', 'items[].steps[].error': 'WorkflowError',
};

export const workflowsGraphql: GraphQLPart = {
  typeDefs: /* GraphQL */ `
    ${joinSdl(
      objectTypeSdl('Workflow', WorkflowSchema, { names: outputNames }),
      objectTypeSdl('WorkflowRun', WorkflowRunSchema, { names: outputNames, refs: { RenderJob: 'RenderJob' } }),
      objectTypeSdl('WorkflowSaved', WorkflowSavedSchema, { refs: { Workflow: 'Workflow' } }),
      objectTypeSdl('WorkflowPage', WorkflowPageSchema, { refs: { Workflow: 'Workflow' } }),
      objectTypeSdl('WorkflowRunPage', RunPageSchema, { refs: { WorkflowRun: 'WorkflowRun' } }),
      inputTypeSdl('WorkflowInput', WorkflowBodySchema, { names: inputNames }),
      inputTypeSdl('WorkflowPatchInput', WorkflowPatchSchema, { names: inputNames }),
      inputTypeSdl('WorkflowRunOverridesInput', RunOverridesSchema, { names: inputNames }),
    )}

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
      workflows: ((_p, args, { services }) => services.workflows.list(check(ListQuerySchema, stripNulls(args)))) as Resolver<{ limit?: number | null; cursor?: string | null }>,
      workflow: ((_p, { id }, { services }) => services.workflows.get(id)) as Resolver<{ id: string }>,
      workflowRuns: ((_p, { id, ...rest }, { services }) => services.workflows.listRuns(id, check(RunListQuerySchema, stripNulls(rest)))) as Resolver<{ id: string; status?: string | null; limit?: number | null; cursor?: string | null }>,
      workflowRun: ((_p, { id }, { services }) => services.workflows.getRun(id)) as Resolver<{ id: string }>,
    },
    Mutation: {
      createWorkflow: ((_p, { input }, { services }) => services.workflows.create(check(WorkflowBodySchema, stripNulls(input)))) as Resolver<{ input: unknown }>,
      updateWorkflow: ((_p, { id, input }, { services }) => services.workflows.update(id, check(WorkflowPatchSchema, stripNulls(input)))) as Resolver<{ id: string; input: unknown }>,
      deleteWorkflow: (async (_p, { id }, { services }) => {
        await services.workflows.remove(id);
        return true;
      }) as Resolver<{ id: string }>,
      runWorkflow: ((_p, { id, overrides }, { services }) => services.workflows.run(id, overrides ? check(RunOverridesSchema, stripNulls(overrides)) : null)) as Resolver<{ id: string; overrides?: unknown }>,
    },
  } as GraphQLPart['resolvers'],
};

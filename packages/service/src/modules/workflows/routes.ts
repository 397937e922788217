/** Workflows over REST: thin adapters over {@link WorkflowService}. */
import { Type } from '@sinclair/typebox';
import { inTransaction } from '../../core/http/idempotency.js';
import { IdParamsSchema, ProblemSchema, problems } from '../../core/http/schemas.js';
import { TRIGGER_SECURITY } from '../../core/http/spine.js';
import type { Http, ModuleDeps } from '../../core/module.js';
import {
  ListQuerySchema,
  RunIdParamsSchema,
  RunListQuerySchema,
  RunOverridesSchema,
  RunPageSchema,
  TriggerHeadersSchema,
  WorkflowBodySchema,
  WorkflowPageSchema,
  WorkflowPatchSchema,
  WorkflowRunSchema,
  WorkflowSavedSchema,
  WorkflowSchema,
} from './contract.js';
import type { WorkflowService } from './service.js';

export function workflowRoutes(app: Http, workflows: WorkflowService, deps: ModuleDeps): void {
  const tags = ['workflows'];
  app.get('/workflows', { schema: { operationId: 'listWorkflows', tags, summary: 'List workflows, newest first', querystring: ListQuerySchema, response: { 200: WorkflowPageSchema, ...problems(400, 401) } } }, (req) => workflows.list(req.query));

  app.post(
    '/workflows',
    {
      schema: {
        operationId: 'createWorkflow',
        tags,
        summary: 'Create a workflow',
        description: 'A workflow fetches current values for each location from a source, checks its conditions, renders (one job per format × language) and announces the run. Bad cron expressions, time zones, sources, credentials and templates are 400s naming the field. An inbound trigger\'s secret is returned here only.',
        body: WorkflowBodySchema,
        response: { 201: WorkflowSavedSchema, ...problems(400, 401, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await inTransaction(req, deps.store, 201, (trx) => workflows.create(req.body, trx))),
  );

  app.get('/workflows/:id', { schema: { operationId: 'getWorkflow', tags, summary: 'A workflow, with its next run times and last run', params: IdParamsSchema, response: { 200: Type.Ref(WorkflowSchema), ...problems(401, 404) } } }, (req) => workflows.get(req.params.id));

  app.patch(
    '/workflows/:id',
    { schema: { operationId: 'updateWorkflow', tags, summary: 'Change a workflow (what is given); a changed schedule starts from the next slot', params: IdParamsSchema, body: WorkflowPatchSchema, response: { 200: WorkflowSavedSchema, ...problems(400, 401, 404, 409) } } },
    (req) => inTransaction(req, deps.store, 200, (trx) => workflows.update(req.params.id, req.body, trx)),
  );

  app.delete('/workflows/:id', { schema: { operationId: 'deleteWorkflow', tags, summary: 'Delete a workflow; its unfinished runs are canceled, finished runs stay readable', params: IdParamsSchema, response: { 204: Type.Null(), ...problems(401, 404, 409) } } }, async (req, reply) => {
    await workflows.remove(req.params.id);
    return reply.code(204).send(null);
  });

  app.post(
    '/workflows/:id/run',
    {
      // No body (or an empty one) is a run without overrides.
      preValidation: async (req) => {
        if (req.body === undefined || req.body === null) req.body = {};
      },
      schema: {
        operationId: 'runWorkflow',
        tags,
        summary: 'Start a run now (optional overrides for this run); answers with the run at once',
        params: IdParamsSchema,
        body: RunOverridesSchema,
        response: { 202: Type.Ref(WorkflowRunSchema), ...problems(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.code(202).send(await inTransaction(req, deps.store, 202, (trx) => workflows.run(req.params.id, Object.keys(req.body).length ? req.body : null, 'manual', trx))),
  );

  app.post(
    '/workflows/:id/trigger',
    {
      config: { public: true },
      schema: {
        operationId: 'triggerWorkflow',
        tags,
        summary: 'Inbound trigger: start a run of an inbound workflow (no API key; the trigger secret in X-Trigger-Secret or Authorization: Bearer)',
        security: TRIGGER_SECURITY,
        params: IdParamsSchema,
        headers: TriggerHeadersSchema,
        response: {
          202: Type.Ref(WorkflowRunSchema),
          ...problems(400, 409),
          // The same answer for an unknown workflow as for a wrong secret: the route does not tell which workflows exist.
          401: Type.Ref(ProblemSchema, { description: 'Missing or wrong trigger secret, or no inbound workflow with this id' }),
        },
      },
    },
    async (req, reply) => {
      const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const secret = req.headers['x-trigger-secret'] ?? bearer;
      return reply.code(202).send(await inTransaction(req, deps.store, 202, (trx) => workflows.trigger(req.params.id, secret, trx)));
    },
  );

  app.get('/workflows/:id/runs', { schema: { operationId: 'listWorkflowRuns', tags, summary: 'Runs of a workflow, newest first', params: IdParamsSchema, querystring: RunListQuerySchema, response: { 200: RunPageSchema, ...problems(400, 401, 404) } } }, (req) =>
    workflows.listRuns(req.params.id, req.query),
  );

  app.get('/workflow-runs/:runId', { schema: { operationId: 'getWorkflowRun', tags, summary: 'A run with its items, every step record (inputs, outputs, errors, timings) and its jobs', params: RunIdParamsSchema, response: { 200: Type.Ref(WorkflowRunSchema), ...problems(401, 404) } } }, (req) =>
    workflows.getRun(req.params.runId),
  );
}

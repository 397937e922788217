/**
 * The workflow tables' JSON columns, read through their schemas: a corrupt row
 * is an error naming the row and the field, not a value of the wrong type.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { readJson } from '../../core/store/json-column.js';
import { LocationSchema, RUN_STATUSES, STEP_TYPES, StepSchema, type StepRecord } from './contract.js';

export const Locations = Type.Array(LocationSchema);
const Steps = Type.Array(StepSchema);
export const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Json = Type.Record(Type.String(), Type.Unknown());
/**
 * StepRecordSchema as TypeBox can check it: the contract writes its nullable
 * fields the OpenAPI way (`type: [T, "null"]`), which TypeBox does not check.
 */
const StoredStepRecord = Type.Object({
  index: Type.Integer(),
  type: Type.Union(STEP_TYPES.map((t) => Type.Literal(t))),
  status: Type.Union(RUN_STATUSES.map((t) => Type.Literal(t))),
  input: orNull(Json),
  output: orNull(Json),
  error: orNull(Type.Object({ code: Type.String(), message: Type.String() })),
  attempts: Type.Integer(),
  startedAt: orNull(Type.String()),
  completedAt: orNull(Type.String()),
  durationMs: orNull(Type.Integer()),
});
const StepRecords = Type.Array(StoredStepRecord);
const Overrides = Type.Record(Type.String(), Type.Unknown());

/** A workflow's (or a run definition's) locations. */
export const readLocations = (text: string, what: string) => readJson(Locations, text, `${what} locations`);
/** A run item's location. */
export const readLocation = (text: string, what: string) => readJson(LocationSchema, text, `${what} location`);
/** A workflow's steps as the caller gave them. */
export const readSteps = (text: string, what: string) => readJson(Steps, text, `${what} steps`);
/** A run item's record of each step. */
export const readStepRecords = (text: string, what: string): StepRecord[] => readJson(StepRecords, text, `${what} steps`);
/** A run's overrides. */
export const readOverrides = (text: string, what: string) => readJson(Overrides, text, `${what} overrides`);

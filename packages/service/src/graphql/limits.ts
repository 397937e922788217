/**
 * Query depth and cost limits, as GraphQL validation rules: a query over a limit
 * is rejected before anything executes, with a GraphQL error that says which
 * limit and by how much (extensions.code `query_too_deep` / `query_too_costly`).
 *
 * Depth counts fields, not fragments (a fragment spread adds no level).
 * Introspection (`__schema`, `__type`) has its own, larger depth and cost
 * allowances, because the standard introspection query that explorers send is
 * deeply nested and lists everything; the allowances still stop a hand-made
 * introspection query that nests type → fields → type → fields ….
 *
 * Cost: every field costs 1, multiplied by the size of each list above it.
 * A list's size is the `limit` argument of the field that returns it (or of
 * its parent page object, as in `renders(limit: 10) { jobs { … } }`); when the
 * limit is a variable it counts as its maximum, because validation results are
 * cached per query text, not per variable values. Lists without a limit count
 * as DEFAULT_LIST_SIZE.
 */
import {
  GraphQLError,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  isInterfaceType,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export const MAX_QUERY_DEPTH = 8;
export const MAX_INTROSPECTION_DEPTH = 16;
export const MAX_QUERY_COST = 30_000;
/** The standard introspection query explorers send costs about 55 000 by these rules. */
export const MAX_INTROSPECTION_COST = 150_000;
/** Assumed size of a list whose field takes no `limit` (templates, batch jobs, introspection lists). */
export const DEFAULT_LIST_SIZE = 10;
/** Counted when `limit` is a variable: the largest page the API serves. */
export const MAX_LIST_LIMIT = 500;

interface Walk {
  ctx: ValidationContext;
  /** Fragments being expanded on the current path (cycles are reported by graphql-js' own rule). */
  visiting: Set<string>;
}

function limitArgument(node: FieldNode, def: GraphQLField<unknown, unknown> | undefined): number | null {
  const arg = node.arguments?.find((a) => a.name.value === 'limit');
  if (arg) {
    if (arg.value.kind === Kind.INT) return Math.max(0, Number.parseInt(arg.value.value, 10));
    if (arg.value.kind === Kind.VARIABLE) return MAX_LIST_LIMIT;
    return null;
  }
  const declared = def?.args.find((a) => a.name === 'limit');
  return typeof declared?.defaultValue === 'number' ? declared.defaultValue : null;
}

function fieldDefinition(parentType: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  if (name === '__schema') return SchemaMetaFieldDef;
  if (name === '__type') return TypeMetaFieldDef;
  return parentType && (isObjectType(parentType) || isInterfaceType(parentType)) ? parentType.getFields()[name] : undefined;
}

/** Depth of a selection set below `parentDepth`, each field one level; introspection subtrees reported separately. */
function selectionDepth(w: Walk, set: SelectionSetNode | undefined, depth: number, found: { normal: number; introspection: number }, inIntrospection: boolean): void {
  if (!set) return;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      const d = depth + 1;
      const intro = inIntrospection || sel.name.value === '__schema' || sel.name.value === '__type';
      if (intro) found.introspection = Math.max(found.introspection, d);
      else found.normal = Math.max(found.normal, d);
      selectionDepth(w, sel.selectionSet, d, found, intro);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      selectionDepth(w, sel.selectionSet, depth, found, inIntrospection);
    } else {
      const name = sel.name.value;
      const frag: FragmentDefinitionNode | null | undefined = w.ctx.getFragment(name);
      if (!frag || w.visiting.has(name)) continue;
      w.visiting.add(name);
      selectionDepth(w, frag.selectionSet, depth, found, inIntrospection);
      w.visiting.delete(name);
    }
  }
}

/** Cost of a selection set on `parentType`; `pageLimit` is a `limit` inherited from a page-returning parent. */
function selectionCost(w: Walk, set: SelectionSetNode | undefined, parentType: GraphQLNamedType | undefined, pageLimit: number | null): number {
  if (!set) return 0;
  let cost = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (sel.name.value === '__typename') continue;
      const def = fieldDefinition(parentType, sel.name.value);
      const named = def ? getNamedType(def.type) : undefined;
      const isList = def ? isListType(getNullableType(def.type)) : false;
      const ownLimit = limitArgument(sel, def);
      const multiplier = isList ? (ownLimit ?? pageLimit ?? DEFAULT_LIST_SIZE) : 1;
      const childLimit = isList ? null : ownLimit;
      cost += multiplier * (1 + selectionCost(w, sel.selectionSet, named, childLimit));
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      const cond = sel.typeCondition ? w.ctx.getSchema().getType(sel.typeCondition.name.value) : parentType;
      cost += selectionCost(w, sel.selectionSet, cond ?? parentType, pageLimit);
    } else {
      const name = sel.name.value;
      const frag = w.ctx.getFragment(name);
      if (!frag || w.visiting.has(name)) continue;
      w.visiting.add(name);
      cost += selectionCost(w, frag.selectionSet, w.ctx.getSchema().getType(frag.typeCondition.name.value) ?? parentType, pageLimit);
      w.visiting.delete(name);
    }
  }
  return cost;
}

export interface QueryLimits {
  maxDepth: number;
  maxIntrospectionDepth: number;
  maxCost: number;
  maxIntrospectionCost: number;
}

export const DEFAULT_LIMITS: QueryLimits = { maxDepth: MAX_QUERY_DEPTH, maxIntrospectionDepth: MAX_INTROSPECTION_DEPTH, maxCost: MAX_QUERY_COST, maxIntrospectionCost: MAX_INTROSPECTION_COST };

/** Measures one operation; exported for tests and for the schema summary. */
export function measureOperation(ctx: ValidationContext, operation: { selectionSet: SelectionSetNode; operation: string }): { depth: number; introspectionDepth: number; cost: number; introspectionCost: number } {
  const w: Walk = { ctx, visiting: new Set() };
  const found = { normal: 0, introspection: 0 };
  selectionDepth(w, operation.selectionSet, 0, found, false);
  const schema = ctx.getSchema();
  const root = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
  // Introspection fields only exist at the root, so the two budgets split there.
  const isIntrospection = (sel: SelectionSetNode['selections'][number]) => sel.kind === Kind.FIELD && (sel.name.value === '__schema' || sel.name.value === '__type');
  const part = (keep: (sel: SelectionSetNode['selections'][number]) => boolean): SelectionSetNode => ({ ...operation.selectionSet, selections: operation.selectionSet.selections.filter(keep) });
  const cost = selectionCost(w, part((s) => !isIntrospection(s)), root ?? undefined, null);
  const introspectionCost = selectionCost(w, part(isIntrospection), root ?? undefined, null);
  return { depth: found.normal, introspectionDepth: found.introspection, cost, introspectionCost };
}

/** The validation rule enforcing `limits` on every operation of a document. */
export function queryLimitsRule(limits: QueryLimits = DEFAULT_LIMITS): ValidationRule {
  return (ctx: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const name = node.name?.value ?? 'anonymous operation';
      const m = measureOperation(ctx, node);
      if (m.depth > limits.maxDepth) {
        ctx.reportError(
          new GraphQLError(`Query too deep: ${name} is ${m.depth} levels deep; the maximum is ${limits.maxDepth}`, {
            nodes: [node],
            extensions: { code: 'query_too_deep', depth: m.depth, maxDepth: limits.maxDepth },
          }),
        );
      }
      if (m.introspectionDepth > limits.maxIntrospectionDepth) {
        ctx.reportError(
          new GraphQLError(`Introspection query too deep: ${name} is ${m.introspectionDepth} levels deep; the maximum is ${limits.maxIntrospectionDepth}`, {
            nodes: [node],
            extensions: { code: 'query_too_deep', depth: m.introspectionDepth, maxDepth: limits.maxIntrospectionDepth },
          }),
        );
      }
      if (m.introspectionCost > limits.maxIntrospectionCost) {
        ctx.reportError(
          new GraphQLError(`Introspection query too costly: ${name} costs ${m.introspectionCost}; the maximum is ${limits.maxIntrospectionCost}`, {
            nodes: [node],
            extensions: { code: 'query_too_costly', cost: m.introspectionCost, maxCost: limits.maxIntrospectionCost },
          }),
        );
      }
      if (m.cost > limits.maxCost) {
        ctx.reportError(
          new GraphQLError(`Query too costly: ${name} costs ${m.cost}; the maximum is ${limits.maxCost} (each field costs 1, multiplied by the size of every list above it; lower a limit or select fewer fields)`, {
            nodes: [node],
            extensions: { code: 'query_too_costly', cost: m.cost, maxCost: limits.maxCost },
          }),
        );
      }
      return false;
    },
  });
}

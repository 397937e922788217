/**
 * Query limits, checked on the parsed document before graphql-js validates or
 * runs it, in time linear in the document: every fragment is measured once
 * (memoised per parent type and inherited page size), so a fragment spread
 * twice by a fragment spread twice by … costs its multiplied total but is only
 * walked once. A query over a limit is refused with a GraphQL error that says
 * which limit and by how much (extensions.code `query_too_deep`,
 * `query_too_costly`, `query_too_large`).
 *
 * - Size: at most `maxFields` field selections and `maxAliases` aliases in the
 *   document as written (this also bounds graphql-js' own validation, whose
 *   overlapping-fields rule is quadratic in the fields sharing a name).
 * - Depth counts fields, not fragments (a fragment spread adds no level).
 *   Introspection (`__schema`, `__type`) has its own, larger depth and cost
 *   allowances, because the standard introspection query explorers send is deep
 *   and lists everything.
 * - Cost: every field costs 1, multiplied by the size of each list above it. A
 *   list's size is the `limit` argument of the field that returns it (or of its
 *   parent page object, as in `renders(limit: 10) { jobs { … } }`); a variable
 *   `limit` counts as its maximum (results are cached per query text, not per
 *   variable values); lists without a limit count as DEFAULT_LIST_SIZE.
 */
import {
  GraphQLError,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

import { DEFAULT_LIMITS, DEFAULT_LIST_SIZE, MAX_LIST_LIMIT, type QueryLimits } from './limit-values.js';

export { DEFAULT_LIMITS, type QueryLimits } from './limit-values.js';

/** Costs past this are all "too costly": saturating keeps the arithmetic finite. */
const CAP = Number.MAX_SAFE_INTEGER / 4;
const add = (a: number, b: number) => Math.min(CAP, a + b);
const mul = (a: number, b: number) => Math.min(CAP, a * b);

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

const isIntrospectionField = (name: string) => name === '__schema' || name === '__type';

class Analyzer {
  private readonly fragments = new Map<string, FragmentDefinitionNode>();
  private readonly depthMemo = new Map<string, { normal: number; intro: number }>();
  private readonly costMemo = new Map<string, number>();
  /** Fragments being measured on the current path; a cycle is left to graphql-js' own rule. */
  private readonly visiting = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    doc: DocumentNode,
  ) {
    for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(d.name.value, d);
  }

  /** Deepest field below `set` (normal and introspection subtrees apart), relative to it. */
  depth(set: SelectionSetNode | undefined, inIntro: boolean): { normal: number; intro: number } {
    const out = { normal: 0, intro: 0 };
    if (!set) return out;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const intro = inIntro || isIntrospectionField(sel.name.value);
        const sub = this.depth(sel.selectionSet, intro);
        if (intro) out.intro = Math.max(out.intro, 1 + sub.intro);
        else out.normal = Math.max(out.normal, 1 + sub.normal);
        continue;
      }
      let sub: { normal: number; intro: number };
      if (sel.kind === Kind.INLINE_FRAGMENT) sub = this.depth(sel.selectionSet, inIntro);
      else {
        const name = sel.name.value;
        const frag = this.fragments.get(name);
        if (!frag || this.visiting.has(name)) continue;
        const key = `${name}|${inIntro}`;
        let memo = this.depthMemo.get(key);
        if (!memo) {
          this.visiting.add(name);
          memo = this.depth(frag.selectionSet, inIntro);
          this.visiting.delete(name);
          this.depthMemo.set(key, memo);
        }
        sub = memo;
      }
      out.normal = Math.max(out.normal, sub.normal);
      out.intro = Math.max(out.intro, sub.intro);
    }
    return out;
  }

  /** Cost of `set` on `parentType`; `pageLimit` is a `limit` inherited from a page-returning parent. */
  cost(set: SelectionSetNode | undefined, parentType: GraphQLNamedType | undefined, pageLimit: number | null): number {
    if (!set) return 0;
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value === '__typename') continue;
        const def = fieldDefinition(parentType, sel.name.value);
        const named = def ? getNamedType(def.type) : undefined;
        const isList = def ? isListType(getNullableType(def.type)) : false;
        const ownLimit = limitArgument(sel, def);
        const multiplier = isList ? (ownLimit ?? pageLimit ?? DEFAULT_LIST_SIZE) : 1;
        total = add(total, mul(multiplier, add(1, this.cost(sel.selectionSet, named, isList ? null : ownLimit))));
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const cond = sel.typeCondition ? this.schema.getType(sel.typeCondition.name.value) : parentType;
        total = add(total, this.cost(sel.selectionSet, cond ?? parentType, pageLimit));
      } else {
        const name = sel.name.value;
        const frag = this.fragments.get(name);
        if (!frag || this.visiting.has(name)) continue;
        const type = this.schema.getType(frag.typeCondition.name.value) ?? parentType;
        const key = `${name}|${type?.name ?? ''}|${pageLimit ?? ''}`;
        let memo = this.costMemo.get(key);
        if (memo === undefined) {
          this.visiting.add(name);
          memo = this.cost(frag.selectionSet, type, pageLimit);
          this.visiting.delete(name);
          this.costMemo.set(key, memo);
        }
        total = add(total, memo);
      }
    }
    return total;
  }

  measure(op: OperationDefinitionNode): { depth: number; introspectionDepth: number; cost: number; introspectionCost: number } {
    const d = this.depth(op.selectionSet, false);
    const root = op.operation === 'mutation' ? this.schema.getMutationType() : op.operation === 'subscription' ? this.schema.getSubscriptionType() : this.schema.getQueryType();
    // Introspection fields only exist at the root, so the two budgets split there.
    const part = (intro: boolean): SelectionSetNode => ({
      ...op.selectionSet,
      selections: op.selectionSet.selections.filter((s) => (s.kind === Kind.FIELD && isIntrospectionField(s.name.value)) === intro),
    });
    return { depth: d.normal, introspectionDepth: d.intro, cost: this.cost(part(false), root ?? undefined, null), introspectionCost: this.cost(part(true), root ?? undefined, null) };
  }
}

/** Field selections and aliases in the document as written. */
function documentSize(doc: DocumentNode): { fields: number; aliases: number } {
  let fields = 0;
  let aliases = 0;
  const stack: SelectionSetNode[] = [];
  for (const d of doc.definitions) if (d.kind === Kind.OPERATION_DEFINITION || d.kind === Kind.FRAGMENT_DEFINITION) stack.push(d.selectionSet);
  while (stack.length) {
    const set = stack.pop()!;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        fields += 1;
        if (sel.alias) aliases += 1;
      }
      if ('selectionSet' in sel && sel.selectionSet) stack.push(sel.selectionSet);
    }
  }
  return { fields, aliases };
}

/** Every limit the document breaks, as GraphQL errors (empty when it is within all of them). */
export function checkQueryLimits(schema: GraphQLSchema, doc: DocumentNode, limits: QueryLimits = DEFAULT_LIMITS): GraphQLError[] {
  const errors: GraphQLError[] = [];
  const size = documentSize(doc);
  if (size.fields > limits.maxFields) {
    errors.push(new GraphQLError(`Query too large: it selects ${size.fields} fields; the maximum is ${limits.maxFields}`, { extensions: { code: 'query_too_large', fields: size.fields, maxFields: limits.maxFields } }));
  }
  if (size.aliases > limits.maxAliases) {
    errors.push(new GraphQLError(`Query too large: it uses ${size.aliases} aliases; the maximum is ${limits.maxAliases}`, { extensions: { code: 'query_too_large', aliases: size.aliases, maxAliases: limits.maxAliases } }));
  }
  if (errors.length) return errors;
  const analyzer = new Analyzer(schema, doc);
  for (const op of doc.definitions) {
    if (op.kind !== Kind.OPERATION_DEFINITION) continue;
    const name = op.name?.value ?? 'anonymous operation';
    const m = analyzer.measure(op);
    if (m.depth > limits.maxDepth) {
      errors.push(new GraphQLError(`Query too deep: ${name} is ${m.depth} levels deep; the maximum is ${limits.maxDepth}`, { nodes: [op], extensions: { code: 'query_too_deep', depth: m.depth, maxDepth: limits.maxDepth } }));
    }
    if (m.introspectionDepth > limits.maxIntrospectionDepth) {
      errors.push(
        new GraphQLError(`Introspection query too deep: ${name} is ${m.introspectionDepth} levels deep; the maximum is ${limits.maxIntrospectionDepth}`, {
          nodes: [op],
          extensions: { code: 'query_too_deep', depth: m.introspectionDepth, maxDepth: limits.maxIntrospectionDepth },
        }),
      );
    }
    if (m.introspectionCost > limits.maxIntrospectionCost) {
      errors.push(
        new GraphQLError(`Introspection query too costly: ${name} costs ${m.introspectionCost}; the maximum is ${limits.maxIntrospectionCost}`, {
          nodes: [op],
          extensions: { code: 'query_too_costly', cost: m.introspectionCost, maxCost: limits.maxIntrospectionCost },
        }),
      );
    }
    if (m.cost > limits.maxCost) {
      errors.push(
        new GraphQLError(`Query too costly: ${name} costs ${m.cost}; the maximum is ${limits.maxCost} (each field costs 1, multiplied by the size of every list above it; lower a limit or select fewer fields)`, {
          nodes: [op],
          extensions: { code: 'query_too_costly', cost: m.cost, maxCost: limits.maxCost },
        }),
      );
    }
  }
  return errors;
}

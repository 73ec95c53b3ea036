import {
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLOutputType,
  getNamedType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValueNode,
} from 'graphql';

/*
 * Limits on what one query may ask (issue 18), checked before anything runs: nesting depth and cost.
 * Introspection (`__schema`, `__type`) is free of both, so GraphiQL and code generators work.
 */

/** Deepest nesting of fields an operation may have (`products { items { creator { mediaFiles { id } } } }` is 5). */
export const maxQueryDepth = 10;

/**
 * Highest cost of an operation: each field costs 1, and a list multiplies what it selects by its page
 * size (`items` of a paged field: `itemsPerPage`, its maximum when given as a variable) or by
 * `assumedListSize` for lists that are not paged (a product's media files).
 */
export const maxQueryCost = 50_000;
export const assumedListSize = 10;

/** What a paged field declares in its `extensions`, so the cost can be known before it runs. */
export type PagedFieldExtensions = { defaultItemsPerPage: number; maxItemsPerPage: number };

type Fragments = Map<string, FragmentDefinitionNode>;

function fragmentsOf(context: ValidationContext): Fragments {
  const out: Fragments = new Map();
  for (const def of context.getDocument().definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) out.set(def.name.value, def);
  return out;
}

/** The fields a selection set selects, fragments spread in (cycles are another rule's error). */
function fieldsOf(set: SelectionSetNode, fragments: Fragments, seen = new Set<string>()): FieldNode[] {
  const out: FieldNode[] = [];
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) out.push(s);
    else if (s.kind === Kind.INLINE_FRAGMENT) out.push(...fieldsOf(s.selectionSet, fragments, seen));
    else if (!seen.has(s.name.value)) {
      const fragment = fragments.get(s.name.value);
      if (fragment) out.push(...fieldsOf(fragment.selectionSet, fragments, new Set([...seen, s.name.value])));
    }
  }
  return out;
}

function depthOf(set: SelectionSetNode | undefined, fragments: Fragments): number {
  if (!set) return 0;
  let deepest = 0;
  for (const field of fieldsOf(set, fragments)) {
    if (field.name.value.startsWith('__')) continue;
    deepest = Math.max(deepest, 1 + depthOf(field.selectionSet, fragments));
  }
  return deepest;
}

/** Refuses an operation nested deeper than `maxQueryDepth` (`graphql_query_too_deep`). */
export function depthLimitRule(context: ValidationContext): ASTVisitor {
  const fragments = fragmentsOf(context);
  return {
    OperationDefinition(node: OperationDefinitionNode) {
      const depth = depthOf(node.selectionSet, fragments);
      if (depth > maxQueryDepth)
        context.reportError(
          new GraphQLError(
            `The query is nested ${depth} levels deep; at most ${maxQueryDepth} are allowed.`,
            {
              nodes: [node],
              extensions: { code: 'graphql_query_too_deep', depth, limit: maxQueryDepth },
            },
          ),
        );
    },
  };
}

function pageSizeOf(field: FieldNode, def: GraphQLField<unknown, unknown>): number | null {
  const paged = def.extensions as Partial<PagedFieldExtensions> | undefined;
  if (!paged?.maxItemsPerPage) return null;
  const arg = field.arguments?.find((a) => a.name.value === 'itemsPerPage');
  const value: ValueNode | undefined = arg?.value;
  if (!value) return paged.defaultItemsPerPage ?? paged.maxItemsPerPage;
  if (value.kind === Kind.INT) return Math.max(0, Math.min(Number(value.value), paged.maxItemsPerPage));
  return paged.maxItemsPerPage;
}

function isList(type: GraphQLOutputType): boolean {
  const inner = type instanceof GraphQLNonNull ? type.ofType : type;
  return inner instanceof GraphQLList;
}

function costOf(
  set: SelectionSetNode,
  parent: GraphQLOutputType,
  fragments: Fragments,
  pageSize: number | null,
): number {
  const type = getNamedType(parent);
  if (!isObjectType(type)) return 0;
  const defs = type.getFields();
  let cost = 0;
  for (const field of fieldsOf(set, fragments)) {
    if (field.name.value.startsWith('__')) continue;
    const def = defs[field.name.value];
    if (!def) continue; // an unknown field is the schema rule's error
    cost += 1;
    if (!field.selectionSet) continue;
    const ownPage = pageSizeOf(field, def);
    const times = isList(def.type)
      ? field.name.value === 'items' && pageSize
        ? pageSize
        : assumedListSize
      : 1;
    cost += times * costOf(field.selectionSet, def.type, fragments, ownPage);
  }
  return cost;
}

/** Refuses an operation whose cost is above `maxQueryCost` (`graphql_query_too_costly`). */
export function costLimitRule(context: ValidationContext): ASTVisitor {
  const fragments = fragmentsOf(context);
  return {
    OperationDefinition(node: OperationDefinitionNode) {
      const root = node.operation === 'query' ? context.getSchema().getQueryType() : null;
      if (!root) return;
      const cost = costOf(node.selectionSet, root, fragments, null);
      if (cost > maxQueryCost)
        context.reportError(
          new GraphQLError(`The query costs ${cost}; at most ${maxQueryCost} are allowed.`, {
            nodes: [node],
            extensions: { code: 'graphql_query_too_costly', cost, limit: maxQueryCost },
          }),
        );
    },
  };
}

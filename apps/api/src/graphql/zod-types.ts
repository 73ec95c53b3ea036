import {
  GraphQLBoolean,
  type GraphQLFieldConfigMap,
  GraphQLFloat,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  GraphQLScalarType,
  GraphQLString,
} from 'graphql';
import type { z } from 'zod';

/*
 * GraphQL output types derived from the domain's zod views (convention 6): the GraphQL types carry
 * the same field names and value types as the REST answers, so the two cannot drift apart. Objects
 * become object types (named by `name`, nested ones by their parent and field), `int()` numbers Int
 * (cents stay integers), other numbers Float, enums String (values listed in the description), a
 * record keyed by an enum (translations by locale) an object with one field per key, a record keyed
 * by free strings (channel pricings by channel code) the JSON scalar.
 */

type Def = {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  getter?: () => z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Free-form JSON (a record keyed by strings, such as channel pricings by channel code). */
export const GraphQLJSON = new GraphQLScalarType({
  name: 'JSON',
  description: 'A JSON value (an object keyed by free strings, such as channel pricings by channel code).',
  serialize: (value) => value,
});

const objectTypes = new WeakMap<z.ZodType, GraphQLObjectType>();
const names = new Map<string, z.ZodType>();

/** The object type of a zod object view; the same schema always gives the same type. */
export function objectTypeOf(
  schema: z.ZodType,
  name: string,
  opts: { description?: string; fields?: GraphQLFieldConfigMap<never, never> } = {},
): GraphQLObjectType {
  const known = objectTypes.get(schema);
  if (known) return known;
  const def = defOf(schema);
  if (def.type !== 'object' || !def.shape) throw new Error(`${name}: not a zod object`);
  const taken = names.get(name);
  if (taken && taken !== schema) throw new Error(`GraphQL type name ${name} is used by two views`);
  names.set(name, schema);
  const shape = def.shape;
  const type: GraphQLObjectType = new GraphQLObjectType({
    name,
    description: opts.description ?? (schema as { description?: string }).description,
    fields: () => {
      const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
      for (const [field, fieldSchema] of Object.entries(shape)) {
        const out = outputTypeOf(fieldSchema, `${name}${field[0]!.toUpperCase()}${field.slice(1)}`);
        fields[field] = {
          type: out.type,
          ...(out.description ? { description: out.description } : {}),
        };
      }
      // Fields resolved beyond the view (a loader's relation); their names stay the view's.
      for (const [field, config] of Object.entries(opts.fields ?? {}))
        fields[field] = { ...fields[field], ...(config as object) } as (typeof fields)[string];
      return fields;
    },
  });
  objectTypes.set(schema, type);
  return type;
}

/** Registers the type name of a view that appears nested (so it is `Creator`, not `ProductCreator`). */
export function nameViews(views: [z.ZodType, string][]): void {
  for (const [schema, name] of views) objectTypeOf(schema, name);
}

type Out = { type: GraphQLOutputType; description?: string | undefined };

function outputTypeOf(schema: z.ZodType, nameHint: string): Out {
  let current = schema;
  let nullable = false;
  let description = (schema as { description?: string }).description;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') {
      nullable = true;
      current = def.innerType!;
      description ??= (current as { description?: string }).description;
      continue;
    }
    if (def.type === 'pipe') {
      current = def.out!;
      continue;
    }
    if (def.type === 'lazy') {
      current = def.getter!();
      continue;
    }
    break;
  }
  const def = defOf(current);
  let type: GraphQLOutputType;
  switch (def.type) {
    case 'string':
      type = GraphQLString;
      break;
    case 'number': {
      const isInt = def.checks?.some(
        (c) => c._zod.def.check === 'number_format' && /int/.test(c._zod.def.format ?? ''),
      );
      type = isInt ? GraphQLInt : GraphQLFloat;
      break;
    }
    case 'int':
      type = GraphQLInt;
      break;
    case 'boolean':
      type = GraphQLBoolean;
      break;
    case 'enum': {
      type = GraphQLString;
      const values = Object.values(def.entries ?? {}).join(', ');
      description = description ? `${description} (one of: ${values})` : `One of: ${values}.`;
      break;
    }
    case 'literal':
      type = typeof def.values?.[0] === 'number' ? GraphQLInt : GraphQLString;
      break;
    case 'array':
      type = new GraphQLList(nonNullOf(outputTypeOf(def.element!, nameHint)));
      break;
    case 'object':
      type = objectTypeOf(current, nameHint);
      break;
    case 'record': {
      const keys = defOf(def.keyType!).entries;
      if (keys) {
        type = recordTypeOf(current, nameHint, Object.values(keys).map(String), def.valueType!);
      } else {
        type = GraphQLJSON;
      }
      break;
    }
    default:
      throw new Error(`${nameHint}: no GraphQL type for zod ${def.type}`);
  }
  return { type: nullable ? type : new GraphQLNonNull(type), description };
}

function nonNullOf(out: Out): GraphQLOutputType {
  return out.type instanceof GraphQLNonNull ? out.type : new GraphQLNonNull(out.type);
}

/** A record keyed by an enum (translations by locale): an object with one nullable field per key. */
function recordTypeOf(schema: z.ZodType, name: string, keys: string[], value: z.ZodType): GraphQLObjectType {
  const known = objectTypes.get(schema);
  if (known) return known;
  const type = new GraphQLObjectType({
    name,
    fields: () =>
      Object.fromEntries(
        keys.map((key) => {
          const out = outputTypeOf(value, name.endsWith('s') ? name.slice(0, -1) : `${name}Entry`);
          const inner = out.type instanceof GraphQLNonNull ? out.type.ofType : out.type;
          return [key, { type: inner }];
        }),
      ),
  });
  objectTypes.set(schema, type);
  return type;
}

/**
 * Derives a GraphQL input type from a JSON Schema object (TypeBox), so that a
 * GraphQL input and the REST body are one contract: same fields, same
 * descriptions. Only the types GraphQL can carry are mapped; range, pattern and
 * enum checks stay where they are enforced for REST too (the service, with the
 * engine's schema), and their bounds are repeated in the field descriptions.
 */

interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  items?: JsonSchema;
}

const SCALARS: Record<string, string> = { string: 'String', number: 'Float', integer: 'Int', boolean: 'Boolean' };

/** The allowed values when a schema is an enumeration of strings (TypeBox unions of literals, or `enum`). */
function stringChoices(s: JsonSchema): string[] | null {
  if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string')) return s.enum as string[];
  if (Array.isArray(s.anyOf) && s.anyOf.length > 0 && s.anyOf.every((b) => typeof b.const === 'string')) return s.anyOf.map((b) => b.const as string);
  return null;
}

function graphqlType(s: JsonSchema, where: string): string {
  if (stringChoices(s)) return 'String';
  const t = Array.isArray(s.type) ? s.type.filter((x) => x !== 'null') : [s.type];
  if (t.length === 1 && t[0] && SCALARS[t[0]]) return SCALARS[t[0]]!;
  if (t.length === 1 && t[0] === 'array' && s.items) return `[${graphqlType(s.items, `${where}[]`)}!]`;
  if (t.length === 1 && t[0] === 'object') return 'JSON';
  throw new Error(`Cannot map the JSON Schema of ${where} to a GraphQL input type`);
}

function blockString(text: string, indent: string): string {
  return `${indent}"""\n${text
    .replace(/"""/g, '\\"""')
    .split('\n')
    .map((l) => indent + l)
    .join('\n')}\n${indent}"""`;
}

/** SDL of `input <name> { … }` with one field per property; required properties are non-null. */
export function inputTypeFromJsonSchema(name: string, schema: JsonSchema, description = schema.description): string {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([field, prop]) => {
    const choices = stringChoices(prop);
    const doc = [prop.description, choices ? `One of: ${choices.join(', ')}.` : null].filter(Boolean).join(' ');
    const type = graphqlType(prop, `${name}.${field}`) + (required.has(field) ? '!' : '');
    return `${doc ? `${blockString(doc, '  ')}\n` : ''}  ${field}: ${type}`;
  });
  return `${description ? `${blockString(description, '')}\n` : ''}input ${name} {\n${fields.join('\n')}\n}`;
}

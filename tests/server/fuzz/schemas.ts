/**
 * The parts of openapi.yaml the bad-input generators read: each operation's JSON body schema (with `$ref`s
 * resolved as they are walked) and its parameters, with a value the contract accepts for each parameter
 * (so that a request can be wrong in one place only).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  oneOf?: Schema[];
  anyOf?: Schema[];
};

const doc = parse(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};

/** The schema itself when it has no `$ref`, else the component it points to (followed until none). */
export function deref(schema: Schema | undefined): Schema {
  let node = schema ?? {};
  while (node.$ref) node = doc.components.schemas[node.$ref.split('/').at(-1)!]!;
  return node;
}

/** The JSON request body schema of an operation, or null. */
export function jsonBodySchema(operationId: string): Schema | null {
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item)) if (op.operationId === operationId) return op.requestBody?.content['application/json']?.schema ?? null;
  return null;
}

/** The schema's JSON type, as ajv would see it (the first, when several). */
export const typeOf = (schema: Schema): string | undefined => {
  const s = deref(schema);
  if (s.type) return Array.isArray(s.type) ? s.type[0] : s.type;
  if (s.enum) return typeof s.enum[0] === 'number' ? (Number.isInteger(s.enum[0]) ? 'integer' : 'number') : typeof s.enum[0];
  if (s.properties) return 'object';
  return undefined;
};

/**
 * openapi.yaml, read at start: the operations (method, path, security, parameters, body) and an ajv
 * validator per schema. The router mounts exactly these operations and checks every request against them,
 * so the server cannot drift from the contract (docs/decisions/012-contract-driven-router.md).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import type { operations } from '#domain/api-schema.ts';

export type OperationId = keyof operations;
export type Security = 'bearer' | 'optional' | 'backoffice' | 'none';
type Schema = Record<string, unknown>;
export type ParamSpec = { name: string; in: 'path' | 'query'; required: boolean; integer: boolean; validate: ValidateFunction };
export type OperationSpec = {
  operationId: OperationId;
  method: 'get' | 'post';
  path: string;
  /** The same path in Hono's syntax (`:name`), under /api. */
  route: string;
  security: Security;
  params: ParamSpec[];
  body: { kind: 'json'; validate: ValidateFunction } | { kind: 'multipart' } | null;
};

export const CONTRACT_FILE = resolve(import.meta.dirname, '..', '..', 'openapi.yaml');
const ID = 'contract.json';

/** Refs inside the document are `#/components/...`; inline schemas compiled alone must point into the document. */
const anchorRefs = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${ID}${value}` : value,
  );

// ajv-formats is CommonJS; depending on the loader its plugin is the module or its default. No type says both: its
// declarations give the default import as the plugin alone, without the `default` a loader may wrap it in.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

export function loadContract(file = CONTRACT_FILE) {
  const doc = parse(readFileSync(file, 'utf8')) as {
    paths: Record<string, Record<string, Schema>>;
    components: Record<string, Record<string, Schema>>;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: ID, components: doc.components });
  const compile = (schema: unknown) => ajv.compile(anchorRefs(schema) as Schema);
  const resolveRef = <T>(node: T): T => {
    const ref = (node as { $ref?: string }).$ref;
    if (!ref) return node;
    const [, , group, name] = ref.split('/');
    return doc.components[group!]![name!] as T;
  };

  const operationsList: OperationSpec[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = ((item.parameters ?? []) as Schema[]).map(resolveRef);
    for (const method of ['get', 'post'] as const) {
      const op = item[method] as Schema | undefined;
      if (!op) continue;
      const security = (op.security ?? [{ bearerAuth: [] }]) as Array<Record<string, unknown>>;
      const names = security.map((s) => Object.keys(s)[0] ?? 'none');
      const kind: Security = names.includes('backofficeAuth')
        ? 'backoffice'
        : names.includes('bearerAuth')
          ? names.includes('none')
            ? 'optional'
            : 'bearer'
          : 'none';
      const params = [...shared, ...((op.parameters ?? []) as Schema[]).map(resolveRef)].map((p): ParamSpec => {
        const schema = resolveRef(p.schema as Schema);
        return {
          name: p.name as string,
          in: p.in as 'path' | 'query',
          required: p.required === true,
          integer: schema.type === 'integer',
          validate: compile(p.schema),
        };
      });
      const content = ((op.requestBody as Schema | undefined)?.content ?? null) as Record<string, { schema: Schema }> | null;
      const body: OperationSpec['body'] = !content
        ? null
        : content['application/json']
          ? { kind: 'json', validate: compile(content['application/json'].schema) }
          : { kind: 'multipart' };
      operationsList.push({
        operationId: op.operationId as OperationId,
        method,
        path,
        route: `/api${path.replace(/\{(\w+)\}/g, ':$1')}`,
        security: kind,
        params,
        body,
      });
    }
  }
  return { operations: operationsList, schema: (name: string) => compile({ $ref: `#/components/schemas/${name}` }) };
}

export type Contract = ReturnType<typeof loadContract>;

/**
 * Keywords that say the input has the wrong shape (a client bug or tampering): 400, not 422. A list that repeats an
 * item (uniqueItems) is one: no form lets a worker send it.
 */
const SHAPE_KEYWORDS = new Set([
  'type',
  'required',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'dependentRequired',
  'oneOf',
  'anyOf',
  'uniqueItems',
]);
export const isShapeError = (e: ErrorObject) => SHAPE_KEYWORDS.has(e.keyword);

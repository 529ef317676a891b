/**
 * Checks an HTTP answer against openapi.yaml, independently of the server's own loader: the status must be
 * one the operation declares, a JSON body must validate against its schema (ajv, JSON Schema 2020-12, formats),
 * and a file answer must carry the declared media type. Every answer of the server tests goes through it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

type Schema = Record<string, unknown>;
type Op = { method: string; template: string; pattern: RegExp; literal: number; op: Schema; operationId: string };

// From the file's folder, not `new URL(…, import.meta.url)`: Vite rewrites that in a jsdom test (helpers/template.ts).
const doc = parse(readFileSync(resolve(import.meta.dirname, '../../../openapi.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, Schema>>;
  components: Record<string, Record<string, Schema>>;
};
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv2020) => Ajv2020;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'openapi.json', components: doc.components });

const ops: Op[] = [];
for (const [template, item] of Object.entries(doc.paths))
  for (const method of ['get', 'post', 'put', 'patch', 'delete'])
    if (item[method]) {
      const source = template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+');
      ops.push({
        method,
        template,
        pattern: new RegExp(`^/api${source}$`),
        literal: template.replace(/\{\w+\}/g, '').length,
        op: item[method]!,
        operationId: item[method]!.operationId as string,
      });
    }
ops.sort((a, b) => b.literal - a.literal);

export const operationIds = () => ops.map((o) => o.operationId);

const deref = (node: Schema): Schema => {
  const ref = node.$ref as string | undefined;
  if (!ref) return node;
  const [, , group, name] = ref.split('/');
  return deref(doc.components[group!]![name!]!);
};
const anchored = (schema: unknown): Schema =>
  JSON.parse(JSON.stringify(schema), (k, v: unknown) => (k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `openapi.json${v}` : v)) as Schema;
const cache = new Map<string, ValidateFunction>();

function findOperation(method: string, path: string): Op | undefined {
  return ops.find((o) => o.method === method.toLowerCase() && o.pattern.test(path));
}

/** Throws with a readable reason when the answer breaks the contract; answers the operationId (or null). */
export function checkAnswer(method: string, path: string, status: number, contentType: string, body: unknown): string | null {
  const found = findOperation(method, path);
  if (!found) {
    if (path.startsWith('/api/') && status >= 400) checkJson('ApiError', { $ref: '#/components/schemas/ApiError' }, body, `${method} ${path}`);
    return null;
  }
  const where = `${found.operationId} ${status}`;
  const responses = found.op.responses as Record<string, Schema>;
  const response = responses[String(status)] ? deref(responses[String(status)]!) : undefined;
  if (!response) throw new Error(`${where}: status ${status} is not in the contract (declared: ${Object.keys(responses).join(', ')})`);
  const content = response.content as Record<string, { schema: Schema }> | undefined;
  if (!content) {
    if (body !== null && body !== '' && body !== undefined) throw new Error(`${where}: the contract declares no body`);
    return found.operationId;
  }
  const type = contentType.split(';')[0]!.trim();
  const media = content[type];
  if (!media) throw new Error(`${where}: content type ${type || '(none)'} is not declared (${Object.keys(content).join(', ')})`);
  if (type === 'application/json') checkJson(where, media.schema, body, where);
  return found.operationId;
}

function checkJson(key: string, schema: Schema, body: unknown, where: string) {
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(anchored(schema));
    cache.set(key, validate);
  }
  if (!validate(body)) throw new Error(`${where}: body breaks the contract: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
}

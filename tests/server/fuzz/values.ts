/**
 * fast-check generators of values, from a JSON schema of openapi.yaml: plausible ones (the right type, maybe
 * valid) and wrong ones (another type, odd Unicode, too long). The requests module combines them so that every
 * request is wrong in at least one place the contract makes certain.
 */
import fc from 'fast-check';
import { deref, typeOf, type Schema } from './schemas.ts';

/** Strings that broken clients and attackers send: control characters, lone surrogates, bidi overrides… */
export const ODD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\u202Eevil\u202C.pdf',
  '\u200F\u200E\u2066',
  '\uFEFFbom',
  '\u200B',
  'e\u0301'.repeat(40),
  '𝕏'.repeat(100),
  '../../../etc/passwd',
  '..\\..\\boot.ini',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '${7*7}{{7*7}}',
  '\r\nX-Injected: 1',
  '\t\n\v\f',
  'NaN',
  '1e309',
  '__proto__',
];
const oddUnit = fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202E', '\u200B', '\uFEFF', 'é', '𝕏', '\\', '"', '/', '%', 'a', '7', ' ', '\n');
export const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: oddUnit, maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);
/** A string PostgreSQL text cannot hold faithfully: a NUL or a lone UTF-16 surrogate somewhere in it. */
export const unstorableString = fc
  .tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'), fc.string({ maxLength: 10 }))
  .map((parts) => parts.join(''));

const SAMPLE_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, 1e308, '', 'text', '12', [], [null], {}, { a: 1 }];

/** Does `value` have the JSON type the schema asks (ignoring every other keyword)? */
function hasType(value: unknown, schema: Schema): boolean {
  switch (typeOf(schema)) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

/** A value of another JSON type than the schema's (for a `oneOf`, than each of its options'). */
export const wrongType = (schema: Schema) => {
  const options = deref(schema).oneOf ?? [schema];
  return fc.constantFrom(...SAMPLE_VALUES.filter((v) => !options.some((o) => hasType(v, o))));
};

/** A value of the schema's type, valid or nearly so (odd strings, numbers out of range, random keys). */
export function plausible(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(schema);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...s.enum) }, { weight: 1, arbitrary: oddString });
  const options = s.oneOf ?? s.anyOf;
  if (options) return fc.oneof(...options.map((o) => plausible(o, depth + 1)));
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'email') return fc.oneof(fc.emailAddress(), oddString);
      if (s.format === 'date')
        return fc.oneof(
          fc.date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString().slice(0, 10)),
          oddString,
        );
      return fc.oneof(fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 30, 30) }), oddString);
    case 'integer':
      return fc.integer({ min: (s.minimum ?? -5) - 2, max: (s.maximum ?? 100) + 2 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(plausible(s.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object': {
      if (depth > 3 || !s.properties) return fc.constant({});
      const model = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, plausible(v, depth + 1)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A key the object schema does not declare (including the prototype-pollution classics). */
export const unknownKey = (s: Schema) =>
  fc
    .oneof(fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'id', 'workerId', ''), fc.string({ maxLength: 12 }))
    .filter((k) => !(k in (s.properties ?? {})));

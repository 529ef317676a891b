/**
 * Malformed request bodies, derived from an operation's schema in openapi.yaml. Each generator says which
 * fault it carries; `isCertainlyBad` (requests.ts) then checks the fault is real before the request is sent,
 * so a generated request that happens to be valid is discarded rather than expected to fail.
 */
import fc from 'fast-check';
import { deref, typeOf, type Schema } from './schemas.ts';
import { plausible, unknownKey, unstorableString, wrongType } from './values.ts';

export type RawBody = { fault: string; bytes: Uint8Array<ArrayBuffer>; contentType: string | null };

const encoder = new TextEncoder();
const json = (fault: string, value: unknown): RawBody => ({ fault, bytes: encoder.encode(JSON.stringify(value)), contentType: 'application/json' });

/** Sets a key even when it is `__proto__` (an own, enumerable property that JSON.stringify writes out). */
const withKey = (target: Record<string, unknown>, key: string, value: unknown) => {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
};

/** Faults inside one object of the schema: a required key missing, a wrong type, an unknown key, bad text. */
function objectFaults(schema: Schema): fc.Arbitrary<{ fault: string; value: unknown }> {
  const s = deref(schema);
  const base = plausible(s) as fc.Arbitrary<Record<string, unknown>>;
  const keys = Object.keys(s.properties ?? {});
  const faults: Array<fc.Arbitrary<{ fault: string; value: unknown }>> = [wrongType(s).map((value) => ({ fault: 'wrong top-level type', value }))];
  if (s.required?.length)
    faults.push(
      fc
        .tuple(base, fc.constantFrom(...s.required))
        .map(([o, k]) => ({ fault: `missing ${k}`, value: Object.fromEntries(Object.entries(o).filter(([key]) => key !== k)) })),
    );
  if (keys.length) {
    const key = fc.constantFrom(...keys);
    faults.push(
      fc.tuple(base, key).chain(([o, k]) => wrongType(s.properties![k]!).map((v) => ({ fault: `${k} of a wrong type`, value: { ...o, [k]: v } }))),
      fc.tuple(base, key, unstorableString).map(([o, k, text]) => ({ fault: `${k} with a NUL or lone surrogate`, value: { ...o, [k]: text } })),
    );
    const bounded = keys.filter((k) => deref(s.properties![k]).maxLength !== undefined);
    if (bounded.length)
      faults.push(
        fc.tuple(base, fc.constantFrom(...bounded), fc.integer({ min: 1, max: 5000 })).map(([o, k, extra]) => ({
          fault: `${k} too long`,
          value: { ...o, [k]: 'é'.repeat(deref(s.properties![k]).maxLength! + extra) },
        })),
      );
  }
  if (s.additionalProperties === false)
    faults.push(
      fc.tuple(base, unknownKey(s), fc.jsonValue({ maxDepth: 2 })).map(([o, k, v]) => ({ fault: `unknown key ${JSON.stringify(k)}`, value: withKey(o, k, v) })),
    );
  return fc.oneof(...faults);
}

/** A plausible body whose one string value holds bytes that are not UTF-8. */
function invalidUtf8(s: Schema): fc.Arbitrary<RawBody> {
  const target = s.type === 'array' ? deref(s.items) : s;
  const stringKeys = Object.entries(target.properties ?? {})
    .filter(([, v]) => typeOf(v) === 'string')
    .map(([k]) => k);
  const bad = fc.constantFrom([0xc0, 0x80], [0xed, 0xa0, 0x80], [0xff, 0xfe], [0x80]);
  const marked = stringKeys.length
    ? fc.tuple(plausible(target) as fc.Arbitrary<Record<string, unknown>>, fc.constantFrom(...stringKeys)).map(([o, k]) => {
        const value = { ...o, [k]: 'MARK' };
        return s.type === 'array' ? [value] : value;
      })
    : fc.constant('MARK');
  return fc.tuple(marked, bad).map(([value, bytes]): RawBody => {
    const [before, after] = JSON.stringify(value).split('MARK') as [string, string];
    return { fault: 'invalid UTF-8', bytes: Uint8Array.from([...encoder.encode(before), ...bytes, ...encoder.encode(after)]), contentType: 'application/json' };
  });
}

/** Faults of a JSON body: in its shape (objects, arrays of objects), in its text, in its bytes, in its size. */
export function badJsonBody(schema: Schema): fc.Arbitrary<RawBody> {
  const s = deref(schema);
  const shaped: Array<fc.Arbitrary<RawBody>> = [];
  if (s.type === 'array') {
    const item = deref(s.items);
    shaped.push(
      wrongType(s).map((v) => json('wrong top-level type', v)),
      fc.tuple(fc.array(plausible(item), { maxLength: 3 }), objectFaults(item), fc.nat(3)).map(([items, bad, at]) => {
        const list = [...items];
        list.splice(Math.min(at, list.length), 0, bad.value);
        return json(`an item: ${bad.fault}`, list);
      }),
    );
    if (s.maxItems !== undefined)
      shaped.push(
        plausible(item).map((one) =>
          json(
            'too many items',
            Array.from({ length: s.maxItems! + 1 }, () => one),
          ),
        ),
      );
  } else shaped.push(objectFaults(s).map(({ fault, value }) => json(fault, value)));

  const text = fc.oneof(
    fc.constantFrom('', '{', '{"a":', '[1,]', "{'a':1}", 'undefined', 'NaN', '\uFEFF{}', '{"a":1}}', '[]]', 'nul', '{"a":1,"a":'),
    fc.nat({ max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  );
  const sizeLimit = fc.integer({ min: 65 * 1024, max: 3 * 1024 * 1024 });
  return fc.oneof(
    { weight: 6, arbitrary: fc.oneof(...shaped) },
    { weight: 1, arbitrary: text.map((t): RawBody => ({ fault: 'not JSON', bytes: encoder.encode(t), contentType: 'application/json' })) },
    // Bytes that are not UTF-8 inside a string: an overlong NUL, a CESU-8 surrogate, stray continuation bytes.
    { weight: 1, arbitrary: invalidUtf8(s) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          plausible(s),
          fc.constantFrom(
            null,
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/jsonp',
            'application/json-patch+json',
            'text/json',
            'application/xml',
          ),
        )
        .map(([value, contentType]): RawBody => ({ fault: `content type ${contentType}`, bytes: encoder.encode(JSON.stringify(value)), contentType })),
    },
    { weight: 1, arbitrary: sizeLimit.map((n): RawBody => json('huge body', { padding: 'x'.repeat(n) })) },
  );
}

/**
 * The two message files stay complete, parallel and mergeable (docs/conventions.md "Words on screen"):
 * same keys, sorted by key (plain code-unit order, `"$schema"` first), no empty message, the same
 * `{placeholders}` in both languages, keys shaped `area_camelName`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const load = (locale: string) => {
  const text = readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8');
  return { text, json: JSON.parse(text) as Record<string, unknown> };
};
const fr = load('fr');
const nl = load('nl');
const keysOf = (json: Record<string, unknown>) => Object.keys(json).filter((k) => k !== '$schema');
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** Plain messages are strings; variant messages (plurals) are arrays of objects: their texts are the leaves. */
const texts = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) || (typeof value === 'object' && value) ? Object.values(value).flatMap(texts) : [];

describe.each([
  ['fr', fr],
  ['nl', nl],
])('messages/%s.json', (_locale, file) => {
  it('starts with "$schema" and keeps its keys sorted', () => {
    const keys = Object.keys(file.json);
    expect(keys[0]).toBe('$schema');
    const rest = keys.slice(1);
    const firstUnsorted = rest.findIndex((key, i) => i > 0 && rest[i - 1]! >= key);
    expect(firstUnsorted === -1 ? 'sorted' : `"${rest[firstUnsorted]}" comes after "${rest[firstUnsorted - 1]}"`).toBe('sorted');
  });

  it('has no empty message', () => {
    const empty = keysOf(file.json).filter((k) => texts(file.json[k]).some((t) => t.trim() === '') || texts(file.json[k]).length === 0);
    expect(empty).toEqual([]);
  });

  it('names its keys area_camelName', () => {
    expect(keysOf(file.json).filter((k) => !/^[a-z][a-zA-Z0-9]*(_[a-z][a-zA-Z0-9]*)+$/.test(k))).toEqual([]);
  });

  it('is JSON with two-space indentation and a final newline (merges stay line-by-line)', () => {
    expect(file.text).toBe(`${JSON.stringify(file.json, null, 2)}\n`);
  });
});

describe('fr and nl', () => {
  it('have exactly the same keys', () => {
    const frKeys = new Set(keysOf(fr.json));
    const nlKeys = new Set(keysOf(nl.json));
    expect({ onlyInFr: [...frKeys].filter((k) => !nlKeys.has(k)), onlyInNl: [...nlKeys].filter((k) => !frKeys.has(k)) }).toEqual({
      onlyInFr: [],
      onlyInNl: [],
    });
  });

  it('use the same placeholders in every message', () => {
    const differing = keysOf(fr.json).filter(
      (k) => JSON.stringify(texts(fr.json[k]).flatMap(placeholders).sort()) !== JSON.stringify(texts(nl.json[k]).flatMap(placeholders).sort()),
    );
    expect(differing).toEqual([]);
  });
});

describe('keys other code names', () => {
  it('every validation key of domain (form and server errors) has a message', async () => {
    const { V } = await import('#domain/validation-keys.ts');
    expect(Object.values(V).filter((key) => !(key in fr.json) || !(key in nl.json))).toEqual([]);
  });

  it('every error code of the contract has an apiError_ message (the server sends them)', async () => {
    const { errorCodeValues } = await import('#domain/api-schema.ts');
    expect(errorCodeValues.map((code) => `apiError_${code}`).filter((key) => !(key in fr.json) || !(key in nl.json))).toEqual([]);
  });
});

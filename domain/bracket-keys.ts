/**
 * The wizard sends each step as multipart form data with nested keys flattened in brackets (spec §7):
 * `{ mainAddress: { zip: '1000' } }` ⇄ `mainAddress[zip]=1000`; arrays repeat `key[]`.
 * The portal flattens, the server unflattens; both use these two functions.
 */
export type FlatEntry = [key: string, value: string];
type Nested = { [key: string]: string | string[] | Nested };

/** Flattens a nested object of strings, numbers, booleans and arrays; null and undefined become ''. */
export function flattenBrackets(value: Record<string, unknown>, prefix = ''): FlatEntry[] {
  const entries: FlatEntry[] = [];
  for (const [name, item] of Object.entries(value)) {
    const key = prefix ? `${prefix}[${name}]` : name;
    if (Array.isArray(item)) for (const element of item) entries.push([`${key}[]`, scalar(element)]);
    else if (item !== null && typeof item === 'object' && !(item instanceof Date)) entries.push(...flattenBrackets(item as Record<string, unknown>, key));
    else entries.push([key, scalar(item)]);
  }
  return entries;
}

const scalar = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

const KEY = /^([A-Za-z][A-Za-z0-9]*)((?:\[[A-Za-z][A-Za-z0-9]*\])*)(\[\])?$/;

/**
 * Rebuilds the nested object. Returns null for any key that is not `name`, `name[a][b]` or `name[a][]`
 * (at most 3 levels), or that would clash with another key's shape, so the server can answer 400.
 * Own-property writes only on null-prototype objects: no `__proto__` pollution.
 */
export function unflattenBrackets(entries: Iterable<FlatEntry>): Nested | null {
  const root: Nested = Object.create(null);
  for (const [key, value] of entries) {
    const match = KEY.exec(key);
    if (!match) return null;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([A-Za-z0-9]+)\]/g)].map((m) => m[1]!)];
    if (path.length > 3) return null;
    let node: Nested = root;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      if (next === undefined) node = node[segment] = Object.create(null) as Nested;
      else if (typeof next === 'object' && !Array.isArray(next)) node = next;
      else return null;
    }
    const leaf = path[path.length - 1]!;
    const existing = node[leaf];
    if (match[3]) {
      if (existing === undefined) node[leaf] = [value];
      else if (Array.isArray(existing)) existing.push(value);
      else return null;
    } else if (existing === undefined) node[leaf] = value;
    else return null;
  }
  return root;
}

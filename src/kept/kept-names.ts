/** The IndexedDB database of the kept copies (kept-store.ts), named apart so that the entry can look for it without loading the store. */
export const KEPT_DATABASE = 'portal-kept';
/** Its one object store: the sealed answers. */
export const KEPT_OBJECT_STORE = 'answers';

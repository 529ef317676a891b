/** The IndexedDB database of the kept copies (kept-store.ts), named apart so that the entry can look for it without loading the store. */
export const KEPT_DATABASE = 'portal-kept';

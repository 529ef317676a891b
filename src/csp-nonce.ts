/**
 * Styles injected at run time must carry this response's CSP nonce (`style-src 'self' 'nonce-…'`): the
 * server writes it into <meta name="csp-nonce"> and Radix's scroll lock (react-style-singleton) reads it
 * through get-nonce. docs/decisions/021-csp-nonce-for-injected-styles.md
 */
import { setNonce } from 'get-nonce';

/** Reads the nonce of this page and hands it to get-nonce; returns it (undefined when there is none). */
export function applyCspNonce(doc: Document = document): string | undefined {
  const nonce = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  // The placeholder stays in index.html when no server filled it (vite dev): no CSP there either.
  if (!nonce || nonce === '__CSP_NONCE__') return undefined;
  setNonce(nonce);
  return nonce;
}

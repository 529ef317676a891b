/**
 * The one normaliser of page paths, for the access table (machines/page-access.ts), the prerendered pages
 * (src/prerender/pages.ts), the entry's early calls (src/early-calls.ts) and the server's page lookup (server/spa.ts).
 */

/**
 * The page a path names: lower-cased and without trailing slashes, as the router matches paths (case-insensitively by
 * default): `/Employee-Details/` is /employee-details, and must not slip past its rule.
 */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.toLowerCase().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Whether `pathname` is written as the page's own path (`pagePath`, normalised), trailing slashes aside: `/login/` is,
 * `/Login` is not. A prerendered page is served and hydrated only for its path as written: the router would match
 * `/Login`, but its links compare paths as written, so the page's marked links would differ from the HTML's.
 */
export const isWrittenAs = (pathname: string, pagePath: string): boolean => normalizePath(pathname) === pagePath && pathname.startsWith(pagePath);

/**
 * The client's address, for the sign-in and mail limits and the signing evidence. Without a trusted proxy it is the
 * connection's. Behind TRUST_PROXY=N proxies, each appending the address it received the request from to
 * X-Forwarded-For, the last N entries were written by them and the one N places from the right is the client's;
 * everything to its left was written by the client, who may write anything there. An entry there that is not an IP
 * address (a misconfigured proxy that passes the client's header through) is not used: the connection's address
 * counts instead, so that made-up text never opens a fresh limit. docs/decisions/183-trusted-proxies.md.
 */
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** `1.2.3.4`, `1.2.3.4:5678`, `::1`, `[::1]:5678` → the address; anything else → null. */
function ipOf(entry: string): string | null {
  const text = entry.trim();
  if (isIP(text)) return text;
  const bracketed = /^\[([0-9A-Fa-f:.]+)\](?::\d{1,5})?$/.exec(text)?.[1];
  if (bracketed && isIP(bracketed) === 6) return bracketed;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text)?.[1];
  return withPort && isIP(withPort) === 4 ? withPort : null;
}

/** The client's address in an X-Forwarded-For value written through `hops` trusted proxies, or null. */
function forwardedClient(header: string | undefined, hops: number): string | null {
  if (!header || hops < 1) return null;
  const entries = header.split(',');
  const entry = entries[entries.length - hops];
  return entry === undefined ? null : ipOf(entry);
}

export function clientAddress(c: Context, trustedHops: number): string {
  const forwarded = forwardedClient(c.req.header('X-Forwarded-For'), trustedHops);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

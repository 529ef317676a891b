/**
 * A push subscription's endpoint is an address the server will call (§10): only https push services are accepted,
 * never a private, loopback or link-local address, and a name is checked again at each call against what it resolves
 * to (a public name pointing at 127.0.0.1 is refused too). The origins of PUSH_ALLOWED_ORIGINS (a test push service
 * on this machine, http://localhost:8991) are allowed as they are (docs/decisions/251-push-devices.md).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Addresses no push service has: this host, private networks, link-local, shared, documentation and multicast. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one a push service could have (public unicast). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return isPublicAddress(mapped);
  }
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** PUSH_ALLOWED_ORIGINS (`http://localhost:8991,http://127.0.0.1:8991`) as origins; anything else stops the start. */
export function parseAllowedOrigins(text: string | undefined): string[] {
  if (!text?.trim()) return [];
  return text.split(',').map((part) => {
    const trimmed = part.trim();
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      throw new Error(`PUSH_ALLOWED_ORIGINS: "${trimmed}" is not an origin (scheme://host:port)`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== trimmed.replace(/\/$/, ''))
      throw new Error(`PUSH_ALLOWED_ORIGINS: "${trimmed}" is not an origin (scheme://host:port)`);
    return url.origin;
  });
}

/** Why an endpoint is refused, or null when the server may call it. */
export function endpointRefusal(endpoint: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (allowedOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'not https';
  if (url.username || url.password) return 'credentials in the URL';
  if (url.port && url.port !== '443') return 'not the https port';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host)) return 'an IP address, not a push service';
  if (!host.includes('.') || host === 'localhost' || /\.(localhost|local|internal|home\.arpa|lan)$/.test(host)) return 'not a public name';
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses a name resolving to an address that is not public: the check of
 * `endpointRefusal` made again when the call is made, against what the name resolves to then.
 */
export function publicOnlyLookup(hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      const err: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${refused.address}, not a public address`);
      err.code = 'EPUSHADDRESS';
      return callback(err, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

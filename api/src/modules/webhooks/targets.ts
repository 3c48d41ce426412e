// Where a webhook may go. Private, loopback, link-local and other non-public addresses are
// refused unless the administrator allows them (allow_private_targets): otherwise a user
// could make the server call its own internal network (server-side request forgery).
// The check runs at registration (IP literals and localhost names) and again at delivery
// on the very address the connection uses (lookup hook), so a name that resolves to a public
// address at registration and a private one later (DNS rebinding) is still refused.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 (embeds an IPv4 address)
  ['2001:db8::', 32], // documentation
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** Is this IP address private, loopback, link-local or otherwise not on the public internet? */
export function isPrivateAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return blocked.check(address, 'ipv4');
  if (kind === 6) {
    const lower = address.toLowerCase();
    // IPv4-mapped (::ffff:10.0.0.1): judge the IPv4 address inside
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(lower, 'ipv6');
  }
  return true;
}

const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/** Registration-time check: a readable reason when the URL names a refused address, else null. */
export function refusedAtRegistration(url: URL, allowPrivate: boolean): string | null {
  if (allowPrivate) return null;
  const host = hostOf(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
    return `${host} is a local name; deliveries to private, loopback and link-local addresses are not allowed on this server`;
  }
  if (isIP(host) && isPrivateAddress(host)) {
    return `${host} is a private, loopback or link-local address; deliveries there are not allowed on this server`;
  }
  return null;
}

export class RefusedTargetError extends Error {
  constructor(address: string) {
    super(`Refused: ${address} is a private, loopback or link-local address (not allowed on this server)`);
    this.name = 'RefusedTargetError';
  }
}

/** A dns lookup for http.request that refuses private addresses (the address connected to is the one checked). */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) {
        (callback as (e: NodeJS.ErrnoException | null, a: string | LookupAddress[], f?: number) => void)(err, '', 0);
        return;
      }
      const list = addresses as LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      const cb = callback as (e: NodeJS.ErrnoException | null, a: string | LookupAddress[], f?: number) => void;
      if (bad) {
        cb(new RefusedTargetError(bad.address), '', 0);
        return;
      }
      if ((options as { all?: boolean }).all) cb(null, list);
      else cb(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Delivery-time check of an IP literal host (no lookup happens for those). */
export function refusedLiteral(url: URL, allowPrivate: boolean): string | null {
  const host = hostOf(url);
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) return new RefusedTargetError(host).message;
  return null;
}

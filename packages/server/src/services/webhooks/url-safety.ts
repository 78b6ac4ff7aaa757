import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** One resolved address of a host. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (default: node:dns `lookup` with `all: true`). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address in resolver order. */
export const systemResolver: HostResolver = async (hostname) => {
  const found: LookupAddress[] = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** A webhook URL refused by the safety rules; `message` says why (it is shown to API callers and in the delivery log). */
export class UnsafeWebhookUrlError extends Error {
  override readonly name = 'UnsafeWebhookUrlError';
}

/** IPv4 networks that are not public unicast: [network address, prefix length]. */
const NOT_PUBLIC_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** IPv6 networks that are not public unicast, besides those embedding an IPv4 address (below). */
const NOT_PUBLIC_V6: readonly (readonly [string, number])[] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

/** The two 16-bit IPv6 groups spelling an IPv4 address (`10.1.2.3` -> `a01:203`), for prefixes that cannot end in dotted form. */
const v4Groups = (address: string): string => {
  const [a, b, c, d] = address.split('.').map(Number) as [number, number, number, number];
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
};

/**
 * IPv6 forms that carry an IPv4 address: the IPv6 network for an IPv4 network, and how many bits come before the
 * IPv4 part. An IPv6 address of these forms is public exactly when the IPv4 address inside is.
 */
const V4_INSIDE_V6: readonly { network: (v4: string) => string; leadingBits: number }[] = [
  { network: (v4) => `::ffff:${v4}`, leadingBits: 96 }, // IPv4-mapped ::ffff:a.b.c.d
  { network: (v4) => `::${v4}`, leadingBits: 96 }, // IPv4-compatible ::a.b.c.d (deprecated)
  { network: (v4) => `64:ff9b::${v4}`, leadingBits: 96 }, // NAT64 well-known prefix
  { network: (v4) => `2002:${v4Groups(v4)}::`, leadingBits: 16 }, // 6to4
];

/** Every network above in one node:net BlockList. */
const NOT_PUBLIC = (() => {
  const list = new BlockList();
  for (const [network, prefix] of NOT_PUBLIC_V4) {
    list.addSubnet(network, prefix, 'ipv4');
    for (const form of V4_INSIDE_V6) list.addSubnet(form.network(network), form.leadingBits + prefix, 'ipv6');
  }
  for (const [network, prefix] of NOT_PUBLIC_V6) list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

/**
 * Whether an IP address is not public unicast: private, loopback, link-local, unique-local, carrier-grade NAT,
 * multicast, unspecified, documentation or reserved, including IPv4 addresses embedded in IPv6 (mapped, compatible,
 * NAT64, 6to4). A zone index (`fe80::1%eth0`) is ignored. Anything that is not an IP address counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 0) return true;
  return NOT_PUBLIC.check(bare, version === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

const refusal = (host: string, address: string) =>
  new UnsafeWebhookUrlError(
    `${host === address ? 'the address' : `the host ${host} resolves to`} ${address}, a private, loopback or link-local address; such URLs are refused unless the server runs with TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS=1`,
  );

/** Refuses a resolved address list with any non-public address, or an empty one. @throws UnsafeWebhookUrlError */
function assertPublic(host: string, addresses: readonly ResolvedAddress[]): void {
  if (addresses.length === 0) throw new UnsafeWebhookUrlError(`the host ${host} has no address`);
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  if (bad) throw refusal(host, bad.address);
}

/**
 * Checks a webhook URL (R10.3; createWebhook, updateWebhook): http or https, no credentials in it, and, unless
 * `allowPrivate`, a host whose every address (DNS resolution included) is public.
 * @throws UnsafeWebhookUrlError naming the reason (unsupported scheme, credentials, unresolvable host, private address).
 */
export async function assertSafeWebhookUrl(raw: string, options: { allowPrivate: boolean; resolve: HostResolver }): Promise<void> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeWebhookUrlError('is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeWebhookUrlError('must use http or https');
  if (url.username || url.password) throw new UnsafeWebhookUrlError('must not contain credentials (user:password@)');
  if (options.allowPrivate) return;
  const host = hostOf(url);
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw refusal(host, host);
    return;
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await options.resolve(host);
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UnsafeWebhookUrlError(`the host ${host} could not be resolved${code ? ` (${code})` : ''}`);
  }
  assertPublic(host, addresses);
}

/**
 * Refuses a URL whose host is an IP address that is not public (node:http skips `lookup` for IP hosts, so
 * {@link safeLookup} cannot see them). Host names pass (their addresses are checked when connecting).
 * @throws UnsafeWebhookUrlError
 */
export function assertSafeLiteralHost(raw: string): void {
  const host = hostOf(new URL(raw));
  if (isIP(host) && isPrivateAddress(host)) throw refusal(host, host);
}

/**
 * A `lookup` for node:http that resolves with `resolve`, refuses the connection when any address is not public and
 * otherwise connects to exactly the addresses it checked (no second resolution, so DNS rebinding cannot slip a
 * private address in between the check and the connection).
 */
export function safeLookup(resolve: HostResolver): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (found) => {
        try {
          assertPublic(hostname, found);
        } catch (error) {
          callback(new UnsafeWebhookUrlError(`refused: ${(error as Error).message}`));
          return;
        }
        const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
        const usable = family === 0 ? found : found.filter((a) => a.family === family);
        if (usable.length === 0) {
          callback(Object.assign(new Error(`the host ${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }));
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: unknown) => callback(error),
    );
  }) as unknown as LookupFunction;
}

import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

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

/** IPv4 ranges that are not public unicast: [first address, prefix length]. */
const PRIVATE_V4: readonly [string, number][] = [
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

const v4Number = (address: string): number =>
  address.split('.').reduce((n, part) => n * 256 + Number(part), 0);

const V4_RANGES = PRIVATE_V4.map(([base, bits]) => {
  const size = 2 ** (32 - bits);
  const start = v4Number(base);
  return { start, end: start + size - 1 };
});

function isPrivateV4(address: string): boolean {
  const n = v4Number(address);
  return V4_RANGES.some((r) => n >= r.start && n <= r.end);
}

/** The 16 bytes of an IPv6 address (accepts `::` compression and a dotted IPv4 tail). */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const n = v4Number(tail[1]!);
    text = `${text.slice(0, tail.index)}${((n >>> 16) & 0xffff).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const groups = rest === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.flatMap((g) => [(g >> 8) & 0xff, g & 0xff]);
}

function isPrivateV6(address: string): boolean {
  const b = ipv6Bytes(address);
  const v4At = (i: number) => b.slice(i, i + 4).join('.');
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return isPrivateV4(v4At(12)); // ::ffff:a.b.c.d (mapped)
  if (zero(0, 12)) return isPrivateV4(v4At(12)); // ::, ::1 and the deprecated ::a.b.c.d
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return isPrivateV4(v4At(12)); // NAT64
  if (b[0] === 0x20 && b[1] === 0x02) return isPrivateV4(v4At(2)); // 6to4
  const first = b[0]!;
  const second = b[1]!;
  if ((first & 0xfe) === 0xfc) return true; // unique-local fc00::/7
  if (first === 0xfe && (second & 0xc0) === 0x80) return true; // link-local fe80::/10
  if (first === 0xfe && (second & 0xc0) === 0xc0) return true; // site-local fec0::/10 (deprecated)
  if (first === 0xff) return true; // multicast
  if (first === 0x20 && second === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return true; // documentation 2001:db8::/32
  if (first === 0x01 && zero(1, 8)) return true; // discard-only 100::/64
  return false;
}

/**
 * Whether an IP address is not public unicast: private, loopback, link-local, unique-local, carrier-grade NAT,
 * multicast, documentation or reserved, including IPv4 addresses embedded in IPv6 (mapped, NAT64, 6to4).
 * Anything that is not an IP address counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address.replace(/%.*$/, ''));
  if (version === 4) return isPrivateV4(address);
  if (version === 6) return isPrivateV6(address);
  return true;
}

/** The host of a URL without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

const refusal = (host: string, address: string) =>
  new UnsafeWebhookUrlError(
    `${host === address ? 'the address' : `the host ${host} resolves to`} ${address}, a private, loopback or link-local address; such URLs are refused unless the server sets allowPrivateWebhookUrls`,
  );

/** Refuses a resolved address list with any non-public address, or an empty one. @throws UnsafeWebhookUrlError */
function assertPublic(host: string, addresses: readonly ResolvedAddress[]): void {
  if (addresses.length === 0) throw new UnsafeWebhookUrlError(`the host ${host} has no address`);
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  if (bad) throw refusal(host, bad.address);
}

/**
 * Checks a webhook URL (R10.3): http or https, no credentials in it, and, unless
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

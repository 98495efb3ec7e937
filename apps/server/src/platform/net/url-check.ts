import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { DomainError } from '@pp/domain';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * The outside world's DNS, for every outbound connection to a URL a seller gave (webhooks, pictures, feeds).
 * Every check and every connection resolves through `webhookDns.resolve`, so a test
 * can make a name answer differently at create time and at delivery time (DNS rebinding).
 */
export const webhookDns: { resolve(hostname: string): Promise<ResolvedAddress[]> } = {
  async resolve(hostname) {
    const found = await dnsLookup(hostname, { all: true, verbatim: true });
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  },
};

/**
 * Where a webhook may connect, as one allow-list of unicast ranges rather than a list of forbidden forms:
 * IPv4 outside the special-purpose registry, and IPv6 only inside global unicast (2000::/3) outside its
 * special ranges. Whatever an address outside that embeds (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d,
 * SIIT ::ffff:0:a.b.c.d, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, site-local fec0::) is refused for what it
 * is, so no spelling of the server's own network can slip through a parser of embedded forms.
 */
const NOT_GLOBAL_V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", including the unspecified 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, with the cloud metadata service 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated): reaches whatever relay is nearest
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and the broadcast address
] as const) {
  NOT_GLOBAL_V4.addSubnet(net, prefix, 'ipv4');
}

/** IPv6 global unicast; loopback, link-local, unique-local, multicast and every IPv4-embedding form lie outside. */
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');

/** Ranges inside 2000::/3 that are not a receiver on the internet, or that carry an IPv4 address onward. */
const NOT_GLOBAL_V6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32 (embeds IPv4), benchmarking, ORCHID …
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: the next 32 bits are an IPv4 address
  ['3fff::', 20], // documentation (RFC 9637)
  ['5f00::', 16], // segment routing identifiers (RFC 9602)
] as const) {
  NOT_GLOBAL_V6.addSubnet(net, prefix, 'ipv6');
}

/** Whether a webhook may connect to this IP address. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !NOT_GLOBAL_V4.check(address, 'ipv4');
  // A zone index (fe80::1%eth0) names an interface of this server.
  if (version !== 6 || address.includes('%')) return false;
  return GLOBAL_UNICAST_V6.check(address, 'ipv6') && !NOT_GLOBAL_V6.check(address, 'ipv6');
}

/** The host of a URL as DNS and the socket take it (without IPv6 brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Resolves a host and refuses it when any of its addresses is not public (a name with one private address
 * among public ones could be steered to it). With `allowPrivate` the check is skipped, not the resolution.
 */
export async function resolveAllowed(host: string, allowPrivate: boolean): Promise<ResolvedAddress[]> {
  const literal = isIP(host);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: host, family: literal === 6 ? 6 : 4 }]
    : await webhookDns.resolve(host).catch(() => {
        throw new DomainError('WEBHOOK_URL_NOT_ALLOWED', { reason: 'unresolved' });
      });
  if (addresses.length === 0) throw new DomainError('WEBHOOK_URL_NOT_ALLOWED', { reason: 'unresolved' });
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new DomainError('WEBHOOK_URL_NOT_ALLOWED', { reason: 'private' });
  }
  return addresses;
}

/** The check at create and update: the URL's host must resolve, and only to public addresses. */
export async function checkWebhookUrl(value: string, allowPrivate: boolean): Promise<void> {
  await resolveAllowed(hostOf(new URL(value)), allowPrivate);
}

/** The same check under a name for every outbound URL a seller gives (webhooks, pictures, feeds). */
export const checkOutboundUrl = checkWebhookUrl;

/**
 * Resolves the host and checks every address when the socket connects (the webhook allow-list): the address
 * checked is the address connected, for the first request and for every redirect, so neither a name that
 * resolves elsewhere later (DNS rebinding) nor a redirect can reach the server's own network. Webhook
 * deliveries, image fetches and feed downloads from sellers' URLs all connect through it.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, allowPrivate).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        if (usable.length === 0) {
          callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 4);
        } else if (options.all) {
          (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: unknown) => {
        const refused = error instanceof DomainError && error.params.reason === 'private';
        callback(
          Object.assign(new Error(refused ? 'address not allowed' : 'host not found'), {
            code: refused ? 'EADDRNOTALLOWED' : 'ENOTFOUND',
          }),
          '',
          4,
        );
      },
    );
  };
}

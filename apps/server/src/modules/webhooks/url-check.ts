import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { DomainError } from '@pp/domain';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * The outside world's DNS. Every check and every connection resolves through `webhookDns.resolve`, so a test
 * can make a name answer differently at create time and at delivery time (DNS rebinding).
 */
export const webhookDns: { resolve(hostname: string): Promise<ResolvedAddress[]> } = {
  async resolve(hostname) {
    const found = await dnsLookup(hostname, { all: true, verbatim: true });
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  },
};

/** Ranges a webhook must never reach: they are the server's own network, not the partner's receiver. */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", including the unspecified 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, with the cloud metadata service 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and the broadcast address
] as const) {
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fe80::', 10], // link-local
  ['fc00::', 7], // unique-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard-only
] as const) {
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = Number.parseInt(hex[1]!, 16);
  const lo = Number.parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether a webhook may connect to this IP address. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !FORBIDDEN.check(address, 'ipv4');
  if (version !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return !FORBIDDEN.check(v4, 'ipv4');
  return !FORBIDDEN.check(address, 'ipv6');
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

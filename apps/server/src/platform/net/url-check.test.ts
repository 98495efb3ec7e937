import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPublicAddress, type ResolvedAddress, webhookDns } from './url-check';

describe('which addresses a webhook may reach', () => {
  it('refuses the server-side ranges of IPv4, on both sides of their bounds', () => {
    for (const address of [
      '0.0.0.0',
      '10.0.0.1',
      '10.255.255.255',
      '100.64.0.1',
      '100.127.255.254',
      '127.0.0.1',
      '127.255.0.9',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of [
      '9.255.255.255',
      '11.0.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '172.15.255.255',
      '172.32.0.1',
      '8.8.8.8',
      '93.184.215.14',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses loopback, link-local, unique-local, multicast and unspecified IPv6, and IPv4 dressed as IPv6', () => {
    for (const address of [
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '::10.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('allows IPv6 only in global unicast, outside the ranges that embed IPv4 or are not global', () => {
    for (const address of [
      '::7f00:1', // compatible ::127.0.0.1
      '::ffff:0:7f00:1', // SIIT-translated 127.0.0.1
      '::ffff:8.8.8.8', // mapped, even of a public address: the socket would reach IPv4 by another spelling
      '64:ff9b::808:808', // NAT64 well-known prefix
      '64:ff9b:1::7f00:1', // NAT64 local-use prefix
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      '2002:a9fe:a9fe::1', // 6to4 of the metadata service
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '2001:db8::1', // documentation
      '3fff::1', // documentation (RFC 9637)
      'fec0::1', // site-local (deprecated, routed privately)
      '100::1', // discard-only
      '4000::1', // outside 2000::/3: not allocated
      'e000::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of [
      '2a00:1450:4001:80b::200e',
      '2606:4700:4700::1111',
      '2001:200::1', // the first RIR allocation after the IETF's 2001::/23
      '2003::1', // just past 6to4
      '2000::1', // the bottom of 2000::/3
      '3ffe:ffff::1', // the top below the documentation /20
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses each IPv4-embedding URL form when a webhook is saved, and keeps public receivers', async () => {
    for (const host of ['[::127.0.0.1]', '[::ffff:0:7f00:1]', '[64:ff9b:1::7f00:1]', '[2002:7f00:1::]', '[fec0::1]']) {
      await expect(checkWebhookUrl(`https://${host}/hook`, false), host).rejects.toMatchObject({
        code: 'WEBHOOK_URL_NOT_ALLOWED',
        params: { reason: 'private' },
      });
    }
    await expect(checkWebhookUrl('https://[2a00:1450:4001:80b::200e]/hook', false)).resolves.toBeUndefined();
    await expect(checkWebhookUrl('https://93.184.215.14/hook', false)).resolves.toBeUndefined();
  });

  it('judges what a name resolves to by the same list', async () => {
    const real = webhookDns.resolve;
    const answers: Record<string, ResolvedAddress[]> = {
      'public.example': [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
      'nat64.example': [
        { address: '93.184.215.14', family: 4 },
        { address: '64:ff9b::a9fe:a9fe', family: 6 },
      ],
      'sixtofour.example': [{ address: '2002:0a00:0001::1', family: 6 }],
    };
    // The outside world's DNS, answered here.
    webhookDns.resolve = async (host) => answers[host] ?? [];
    try {
      await expect(checkWebhookUrl('https://public.example/hook', false)).resolves.toBeUndefined();
      for (const host of ['nat64.example', 'sixtofour.example']) {
        await expect(checkWebhookUrl(`https://${host}/hook`, false), host).rejects.toMatchObject({
          params: { reason: 'private' },
        });
      }
      // The operator's switch for a private test receiver still skips the range check.
      await expect(checkWebhookUrl('https://sixtofour.example/hook', true)).resolves.toBeUndefined();
    } finally {
      webhookDns.resolve = real;
    }
  });

  it('refuses what is not an address at all', () => {
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

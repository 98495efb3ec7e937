import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidCompanyId, isValidPostalCode, isValidVatId, REGISTRATION_COUNTRIES } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../platform/context';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';
import { aresRegistry } from './ares';
import { lookupCompany, sampleCompanies } from './company-registry';

const recorded = readFileSync(new URL('./fixtures/ares-27550125.json', import.meta.url), 'utf8');

/** ARES is the outside world: a loopback server answers with the recorded answer, 404, 500, junk or silence. */
let ares: Server;
let aresUrl: string;
const asked: string[] = [];
beforeAll(async () => {
  ares = createServer((req, res) => {
    asked.push(req.url ?? '');
    const ico = /\/ekonomicke-subjekty\/(\w+)$/.exec(req.url ?? '')?.[1];
    if (ico === '27550125') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(recorded);
    } else if (ico === '06123457') {
      res.writeHead(500).end('{"kod":"CHYBA_SERVERU"}');
    } else if (ico === '47110236') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('<html>maintenance</html>');
    } else if (ico === '36547816') {
      // Never answers: the adapter's timeout must end the wait.
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"kod":"NENALEZENO"}');
    }
  });
  await new Promise<void>((resolve) => ares.listen(0, '127.0.0.1', resolve));
  aresUrl = `http://127.0.0.1:${(ares.address() as AddressInfo).port}/ekonomicke-subjekty-v-be/rest`;
});
afterAll(async () => {
  ares.closeAllConnections();
  await new Promise((resolve) => ares.close(resolve));
});

function platformWith(registry: Platform['config']['companyRegistry']): Platform {
  const log = { warn() {}, info() {}, error() {} };
  return { config: { companyRegistry: registry }, log } as unknown as Platform;
}

describe('ARES adapter', () => {
  it('reads the recorded answer into the form’s fields', async () => {
    const found = await aresRegistry(aresUrl).find('CZ', '27550125');
    expect(found).toEqual({
      name: 'Kolárna Vltava s.r.o.',
      companyId: '27550125',
      vatId: 'CZ27550125',
      street: 'Nádražní 1284/14',
      city: 'České Budějovice',
      zip: '370 01',
      country: 'CZ',
    });
    expect(asked.at(-1)).toBe('/ekonomicke-subjekty-v-be/rest/ekonomicke-subjekty/27550125');
  });

  it('answers null for a company ARES does not know', async () => {
    expect(await aresRegistry(aresUrl).find('CZ', '10000003')).toBeNull();
  });

  it('turns a failing, garbled or silent ARES into COMPANY_LOOKUP_FAILED', async () => {
    const registry = aresRegistry(aresUrl, 300);
    await expect(registry.find('CZ', '06123457')).rejects.toMatchObject({ code: 'COMPANY_LOOKUP_FAILED' });
    await expect(registry.find('CZ', '47110236')).rejects.toMatchObject({ code: 'COMPANY_LOOKUP_FAILED' });
    await expect(registry.find('CZ', '36547816')).rejects.toMatchObject({ code: 'COMPANY_LOOKUP_FAILED' });
    await expect(aresRegistry('http://127.0.0.1:1/none', 300).find('CZ', '27550125')).rejects.toMatchObject({
      code: 'COMPANY_LOOKUP_FAILED',
    });
  });

  it('is used for Czech ids when COMPANY_REGISTRY=ares; other countries stay offline', async () => {
    const platform = platformWith({ kind: 'ares', url: aresUrl });
    const before = asked.length;
    expect((await lookupCompany(platform, 'CZ', '27550125'))?.street).toBe('Nádražní 1284/14');
    expect((await lookupCompany(platform, 'SK', '36547816'))?.name).toBe('Tatra Šport s.r.o.');
    // An id with a wrong check digit never leaves the portal.
    expect(await lookupCompany(platform, 'CZ', '27550126')).toBeNull();
    expect(asked.length).toBe(before + 1);
  });
});

describe('offline registry', () => {
  it('holds at least three valid sample companies for every seat country', () => {
    for (const country of REGISTRATION_COUNTRIES) {
      const samples = sampleCompanies().filter((c) => c.country === country);
      expect(samples.length, country).toBeGreaterThanOrEqual(3);
      for (const c of samples) {
        expect(isValidCompanyId(country, c.companyId), c.companyId).toBe(true);
        expect(c.vatId === '' || isValidVatId(country, c.vatId), c.vatId).toBe(true);
        expect(isValidPostalCode(country, c.zip), c.zip).toBe(true);
      }
    }
  });
});

describe('companyLookup over GraphQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());
  const LOOKUP =
    'query($c: String!, $i: String!) { companyLookup(country: $c, companyId: $i) { name vatId street city zip } }';

  it('pre-fills from the offline registry, for anybody', async () => {
    const found = await server.gql(LOOKUP, { c: 'HU', i: '01-09-345678' });
    expect(found.data).toEqual({
      companyLookup: {
        name: 'Tisza Háztartás Kft.',
        vatId: 'HU23456789',
        street: 'Váci utca 19',
        city: 'Budapest',
        zip: '1052',
      },
    });
    expect((await server.gql(LOOKUP, { c: 'CZ', i: '10000003' })).data).toEqual({ companyLookup: null });
    expect(codeOf(await server.gql(LOOKUP, { c: 'CZ', i: 'x'.repeat(30) }))).toBeUndefined();
  });
});

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  partnerIdByShop,
  signInAsPartner,
  startTestServer,
  type TestServer,
  testConfig,
} from '../../test/harness';
import { loadConfig } from '../../platform/config';
import { type FinancingApplicant, financingProviderOf } from './financing';

/**
 * Services, mall-pay, financing and the help center (issue 23 point 7) on the real server and database. The
 * financing provider is the outside world: a loopback fake whose answer each test chooses.
 */

type FakeAnswer = { status: number; body: string } | 'hang';

interface FakeProvider {
  url: string;
  answer: FakeAnswer;
  requests: { auth: string | undefined; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

async function startFakeProvider(): Promise<FakeProvider> {
  const fake = { answer: { status: 200, body: '{}' } as FakeAnswer, requests: [] as FakeProvider['requests'] };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/api/offer-links') {
      response.writeHead(404).end();
      return;
    }
    fake.requests.push({ auth: request.headers.authorization, body: JSON.parse(body) });
    const answer = fake.answer;
    if (answer === 'hang') return; // never answers: the server's timeout must end the call
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/api`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

let server: TestServer;
let fake: FakeProvider;
let admin: string;
let partner: string;
let colleague: string;
let cz: number;

const SERVICES = '{ services { serviceName provider link lang title summary body price } }';
const SERVICE = 'query($n: String!) { service(serviceName: $n) { serviceName lang title body price link } }';
const PUBLIC_SERVICES = '{ publicServices { serviceName title price } }';
const PUBLIC_SERVICE = 'query($n: String!) { publicService(serviceName: $n) { serviceName title body } }';
const FAQ = 'query($s: String, $t: String) { faq(search: $s, topic: $t) { id topic lang question answer } }';
const PAGE = 'query($k: String!) { contentPage(key: $k) { key lang title body } }';
const COCKPIT_SERVICES = '{ cockpitServices { id serviceName active position texts { lang title } } }';
const SAVE_SERVICE = `mutation($id: ID, $input: ServiceInput!) {
  cockpitSaveService(id: $id, input: $input) { id serviceName provider link active position texts { lang title body price } } }`;
const SET_ACTIVE = 'mutation($id: ID!, $a: Boolean!) { cockpitSetServiceActive(id: $id, active: $a) }';
const ORDER = 'mutation($ids: [ID!]!) { cockpitOrderServices(ids: $ids) { id serviceName position } }';
const SAVE_PAGE =
  'mutation($input: ContentPageInput!) { cockpitSaveContentPage(input: $input) { key texts { lang title body } } }';
const SAVE_FAQ = `mutation($id: ID, $input: FaqInput!) {
  cockpitSaveFaq(id: $id, input: $input) { id topic published texts { lang question answer } } }`;
const PUBLISH = 'mutation($id: ID!, $p: Boolean!) { cockpitSetFaqPublished(id: $id, published: $p) }';
const FINANCING = 'mutation { financingLink }';

interface Service {
  serviceName: string;
  provider: string;
  link: string | null;
  lang: string;
  title: string;
  summary: string;
  body: string;
  price: string;
}
interface Faq {
  id: string;
  topic: string;
  lang: string;
  question: string;
  answer: string;
}

async function auditActions(prefix: string): Promise<{ action: string; entity_id: string | null; data: unknown }[]> {
  const { rows } = await server.database.executeSql(
    'select action, entity_id, data from audit_log where action like $1 order by id',
    [`${prefix}%`],
  );
  return rows as { action: string; entity_id: string | null; data: unknown }[];
}

const faq = (vars: { s?: string; t?: string }, lang = 'cs', token = partner) =>
  server.gql<{ faq: Faq[] }>(FAQ, vars, { token, partnerId: cz, lang });

beforeAll(async () => {
  fake = await startFakeProvider();
  server = await startTestServer({
    config: { financing: { kind: 'http', url: fake.url, apiKey: 'fin-key', timeoutMs: 300 } },
  });
  admin = (await server.login('admin@demo.test')).token;
  partner = (await server.login('partner@demo.test')).token;
  colleague = (await server.login('limited@demo.test')).token;
  cz = await partnerIdByShop(server.database, '100001');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('services for partners', () => {
  it("lists the active services in the partner's language with the marketing prices and portal links", async () => {
    const res = await server.gql<{ services: Service[] }>(SERVICES, {}, { token: partner, partnerId: cz, lang: 'cs' });
    expect(res.errors).toBeUndefined();
    const byName = new Map(res.data!.services.map((s) => [s.serviceName, s]));
    expect(res.data!.services.every((s) => s.lang === 'cs')).toBe(true);
    expect(byName.get('market-expansion')?.price).toBe('29 000 Kč + 3 900 Kč za každou další zemi');
    expect(byName.get('erp-connector')?.price).toBe('25 800 Kč jednorázově');
    expect(byName.get('self-billing')?.link).toBe('/billings/self-billing');
    expect(byName.get('mall-delivery')?.link).toBe('/deliveries/mall');
    expect(byName.get('mall-pay')?.summary).toContain('3 pracovních dnů');
  });

  it('opens one service by its address; an unknown address is not found', async () => {
    const res = await server.gql<{ service: Service }>(
      SERVICE,
      { n: 'feed-manager' },
      { token: partner, partnerId: cz, lang: 'hu' },
    );
    expect(res.data!.service).toMatchObject({ serviceName: 'feed-manager', lang: 'hu', title: 'Feedkezelő' });
    expect(res.data!.service.body).toContain('<li>Frissítés 45 percenként</li>');
    const missing = await server.gql(SERVICE, { n: 'no-such-service' }, { token: partner, partnerId: cz });
    expect(codeOf(missing)).toBe('ENTITY_NOT_FOUND');
  });

  it('is readable by any account of the partner, whatever its permissions', async () => {
    const res = await server.gql<{ services: Service[] }>(SERVICES, {}, { token: colleague, partnerId: cz });
    expect(res.errors).toBeUndefined();
    expect(res.data!.services.length).toBeGreaterThan(5);
  });

  it('is public for a signed-out visitor, in the language the browser asks for', async () => {
    const list = await server.gql<{ publicServices: { serviceName: string; title: string }[] }>(
      PUBLIC_SERVICES,
      {},
      { lang: 'pl' },
    );
    expect(list.errors).toBeUndefined();
    expect(list.data!.publicServices.find((s) => s.serviceName === 'product-photo')?.title).toBe('Zdjęcia produktowe');
    const one = await server.gql<{ publicService: { title: string } }>(
      PUBLIC_SERVICE,
      { n: 'erp-connector' },
      { lang: 'sk' },
    );
    expect(one.data!.publicService.title).toBe('Napojenie ERP a skladu');
    // The portal's own list still wants a session.
    expect(codeOf(await server.gql(SERVICES))).toBe('AUTHENTICATION_ERROR');
  });
});

describe('the mall-pay and financing pages', () => {
  it("show their text in the partner's language", async () => {
    const res = await server.gql<{ contentPage: { title: string; body: string; lang: string } }>(
      PAGE,
      { k: 'mall-pay' },
      { token: partner, partnerId: cz, lang: 'sl' },
    );
    expect(res.data!.contentPage.lang).toBe('sl');
    expect(res.data!.contentPage.body).toContain('3 delovnih dneh');
    expect(codeOf(await server.gql(PAGE, { k: 'elsewhere' }, { token: partner, partnerId: cz }))).toBe(
      'ENTITY_NOT_FOUND',
    );
  });
});

describe('the help center', () => {
  it('lists the published questions by topic in the reader’s language, never the drafts', async () => {
    const res = await faq({}, 'en');
    const list = res.data!.faq;
    expect(list.length).toBe(11);
    expect(list.every((q) => q.lang === 'en')).toBe(true);
    expect(list[0]!.topic).toBe('getting-started');
    expect(list.some((q) => q.question === 'How do I add a colleague to the portal?')).toBe(false);
  });

  it('finds accented words typed without accents, in the question or the answer', async () => {
    const account = await faq({ s: 'cislo uctu' });
    expect(account.data!.faq.map((q) => q.question)).toEqual(['Jak změním číslo účtu pro výplaty?']);
    // Only accented forms are written ("zásilky", "zásilek"); the search is typed in capitals without accents.
    const parcels = await faq({ s: 'ZASIL' });
    expect(parcels.data!.faq.map((q) => q.question)).toEqual(
      expect.arrayContaining(['Kde zadám číslo zásilky?', 'Co je MALL Delivery a jak ho aktivuji?']),
    );
    // Only the answer says "PDF".
    const pdf = await faq({ s: 'pdf' });
    expect(pdf.data!.faq.map((q) => q.topic)).toEqual(['billing']);
    // Typed wildcards are letters, not patterns.
    expect((await faq({ s: '%%' })).data!.faq).toEqual([]);
  });

  it('refuses a NUL byte in the search as invalid characters, and finds no service at a hostile address', async () => {
    const res = await faq({ s: 'fa\u0000ktura' });
    expect(codeOf(res)).toBe('VALIDATION_ERROR');
    expect(res.errors![0]!.extensions.fields).toEqual([
      expect.objectContaining({ field: 'search', rule: 'invalidCharacters' }),
    ]);
    expect(codeOf(await server.gql(PUBLIC_SERVICE, { n: 'feed\u0000manager' }))).toBe('ENTITY_NOT_FOUND');
    expect(codeOf(await server.gql(PAGE, { k: '\u0000' }, { token: partner, partnerId: cz }))).toBe('ENTITY_NOT_FOUND');
  });

  it('filters by topic, and a search of one letter lists everything', async () => {
    const orders = await faq({ t: 'orders' });
    expect(orders.data!.faq.map((q) => q.topic)).toEqual(['orders', 'orders', 'orders']);
    expect((await faq({ s: 'a' })).data!.faq).toHaveLength(11);
    expect((await faq({ t: 'weather' })).data!.faq).toEqual([]);
  });
});

describe('financing', () => {
  it("asks the provider for the partner's offer and answers its link; the request is audited", async () => {
    fake.answer = { status: 200, body: JSON.stringify({ url: 'https://offers.example/o/abc' }) };
    fake.requests.length = 0;
    const res = await server.gql<{ financingLink: string }>(
      FINANCING,
      {},
      { token: colleague, partnerId: cz, lang: 'cs' },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.financingLink).toBe('https://offers.example/o/abc');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.auth).toBe('Bearer fin-key');
    expect(fake.requests[0]!.body).toMatchObject({ partnerId: cz, sapId: '100001', shopId: 'CZ10MA', lang: 'cs' });
    const audit = await auditActions('content.financing');
    expect(audit.at(-1)).toMatchObject({ entity_id: String(cz), data: { ok: true } });
  });

  it.each([
    ['a refusal', { status: 503, body: '{"error":"down"}' }],
    ['junk', { status: 200, body: 'not json' }],
    ['a link that would run code', { status: 200, body: JSON.stringify({ url: 'javascript:alert(1)' }) }],
    ['no answer within the timeout', 'hang'],
  ] as const)('says the financing error message on %s', async (_, answer) => {
    fake.answer = answer;
    const res = await server.gql(FINANCING, {}, { token: partner, partnerId: cz, lang: 'cs' });
    expect(codeOf(res)).toBe('FINANCING_ERROR');
    expect(res.errors![0]!.message).toBe('Nabídku financování se nepodařilo otevřít.');
    expect((await auditActions('content.financing')).at(-1)).toMatchObject({ data: { ok: false } });
  });
});

describe('the financing provider by settings', () => {
  const applicant: FinancingApplicant = {
    partnerId: 4242,
    sapId: '100001',
    shopId: 'CZ10MA',
    country: 'CZ',
    companyName: 'Demo',
    companyId: '27550125',
    vatId: '',
    lang: 'en',
  };
  it("is the demo's stand-in without a provider address: the public demo offer page, not naming the partner", async () => {
    const config = testConfig({ publicUrl: 'https://portal.example/', financing: { kind: 'demo' } });
    const url = await financingProviderOf(config).offerLink(applicant);
    expect(url).toMatch(/^https:\/\/portal\.example\/offer\/financing-demo\?offer=[\w-]{16}$/);
    expect(url).not.toContain('4242');
  });
  it('is the HTTP provider at FINANCING_URL when set', () => {
    const config = loadConfig({
      REMOTE_LOGIN_SECRET: 'test-remote-login-secret-0123456789',
      FINANCING_URL: 'https://fin.example/api/',
      FINANCING_API_KEY: 'k',
    });
    expect(config.financing).toEqual({ kind: 'http', url: 'https://fin.example/api', apiKey: 'k', timeoutMs: 5000 });
  });
  it('refuses with the financing error in production without a provider', async () => {
    const config = testConfig({ financing: { kind: 'none' } });
    await expect(financingProviderOf(config).offerLink(applicant)).rejects.toMatchObject({ code: 'FINANCING_ERROR' });
  });
});

describe('cockpit editing', () => {
  const input = {
    serviceName: 'translation-desk',
    provider: 'Překlady Praha s.r.o.',
    link: null,
    position: 50,
    active: true,
    texts: [
      {
        lang: 'en',
        title: 'Translation desk',
        summary: 'Product texts translated',
        body: '<p>Hi<script>alert(1)</script></p>',
        price: '1 CZK per word',
      },
      {
        lang: 'cs',
        title: 'Překladatelský servis',
        summary: 'Překlad textů produktů',
        body: '',
        price: '1 Kč za slovo',
      },
    ],
  };

  it('refuses partners, an operator signed in as a partner, and anonymous callers', async () => {
    const impersonation = await signInAsPartner(server, admin, cz);
    for (const [doc, vars] of [
      [COCKPIT_SERVICES, {}],
      [SAVE_SERVICE, { input }],
      [SET_ACTIVE, { id: 1, a: false }],
      [ORDER, { ids: [1] }],
      [SAVE_PAGE, { input: { key: 'financing', texts: [{ lang: 'en', title: 'x', body: 'y' }] } }],
      [SAVE_FAQ, { input: { topic: 'orders', texts: [{ lang: 'en', question: 'q', answer: 'a' }] } }],
      [PUBLISH, { id: 1, p: true }],
      ['{ cockpitFaq { id } }', {}],
      ['{ cockpitContentPages { key } }', {}],
    ] as const) {
      expect(codeOf(await server.gql(doc, vars, { token: partner, partnerId: cz }))).toBe('ACCESS_DENIED');
      expect(codeOf(await server.gql(doc, vars, { token: impersonation, partnerId: cz }))).toBe('ACCESS_DENIED');
      expect(codeOf(await server.gql(doc, vars))).toBe('AUTHENTICATION_ERROR');
    }
  });

  it('creates a service (sanitised, audited), shows it to partners, falls back to English, and hides it again', async () => {
    const created = await server.gql<{ cockpitSaveService: { id: string; texts: { lang: string; body: string }[] } }>(
      SAVE_SERVICE,
      { input },
      { token: admin },
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.cockpitSaveService.id;
    expect(created.data!.cockpitSaveService.texts.find((t) => t.lang === 'en')!.body).toBe('<p>Hi</p>');
    // A Hungarian reader gets the English text: Hungarian is not written.
    const hu = await server.gql<{ service: Service }>(
      SERVICE,
      { n: 'translation-desk' },
      { token: partner, partnerId: cz, lang: 'hu' },
    );
    expect(hu.data!.service).toMatchObject({ lang: 'en', title: 'Translation desk' });
    const cs = await server.gql<{ service: Service }>(
      SERVICE,
      { n: 'translation-desk' },
      { token: partner, partnerId: cz, lang: 'cs' },
    );
    expect(cs.data!.service).toMatchObject({ lang: 'cs', price: '1 Kč za slovo' });

    const twice = await server.gql(SAVE_SERVICE, { input: { ...input, provider: 'Other' } }, { token: admin });
    expect(codeOf(twice)).toBe('VALIDATION_ERROR');
    expect(twice.errors![0]!.extensions.fields).toEqual([
      expect.objectContaining({ field: 'serviceName', rule: 'serviceNameTaken' }),
    ]);

    expect((await server.gql(SET_ACTIVE, { id, a: false }, { token: admin })).errors).toBeUndefined();
    expect(codeOf(await server.gql(SERVICE, { n: 'translation-desk' }, { token: partner, partnerId: cz }))).toBe(
      'ENTITY_NOT_FOUND',
    );
    expect(codeOf(await server.gql(PUBLIC_SERVICE, { n: 'translation-desk' }))).toBe('ENTITY_NOT_FOUND');
    const audit = await auditActions('content.service');
    expect(audit.map((a) => [a.action, a.entity_id])).toEqual([
      ['content.service.create', id],
      ['content.service.deactivate', id],
    ]);
  });

  it('refuses a service without English, with a translated message per field', async () => {
    const res = await server.gql(
      SAVE_SERVICE,
      { input: { ...input, serviceName: 'Bad Name', texts: [{ lang: 'cs', title: '', summary: 'x' }] } },
      { token: admin, lang: 'cs' },
    );
    expect(codeOf(res)).toBe('VALIDATION_ERROR');
    const fields = res.errors![0]!.extensions.fields as { field: string; rule: string; message: string }[];
    expect(fields.map((f) => [f.field, f.rule])).toEqual(
      expect.arrayContaining([
        ['serviceName', 'serviceName'],
        ['texts.0.title', 'required'],
        ['texts', 'termsLanguageMissing'],
      ]),
    );
    expect(fields.find((f) => f.field === 'serviceName')!.message).not.toBe('validation.serviceName');
  });

  it('orders the services as the operator lists them, and refuses a list that leaves one out', async () => {
    const list = await server.gql<{ cockpitServices: { id: string; serviceName: string }[] }>(
      COCKPIT_SERVICES,
      {},
      {
        token: admin,
      },
    );
    const ids = list.data!.cockpitServices.map((s) => s.id);
    const reversed = [...ids].reverse();
    const res = await server.gql<{ cockpitOrderServices: { id: string }[] }>(
      ORDER,
      { ids: reversed },
      { token: admin },
    );
    expect(res.data!.cockpitOrderServices.map((s) => s.id)).toEqual(reversed);
    const partnerView = await server.gql<{ services: Service[] }>(SERVICES, {}, { token: partner, partnerId: cz });
    expect(partnerView.data!.services[0]!.serviceName).toBe('product-photo');
    expect(codeOf(await server.gql(ORDER, { ids: reversed.slice(1) }, { token: admin }))).toBe('INVALID_REQUEST');
    expect((await auditActions('content.service.order')).length).toBe(1);
  });

  it('edits the financing page text per language', async () => {
    const res = await server.gql(
      SAVE_PAGE,
      {
        input: {
          key: 'financing',
          texts: [
            { lang: 'en', title: 'Grow with us', body: '<p>Working capital <b>fast</b></p>' },
            { lang: 'hr', title: 'Rastite s nama', body: '<p>Brzo do obrtnog kapitala</p>' },
          ],
        },
      },
      { token: admin },
    );
    expect(res.errors).toBeUndefined();
    const hr = await server.gql<{ contentPage: { title: string } }>(
      PAGE,
      { k: 'financing' },
      { token: partner, partnerId: cz, lang: 'hr' },
    );
    expect(hr.data!.contentPage.title).toBe('Rastite s nama');
    const cs = await server.gql<{ contentPage: { title: string; lang: string } }>(
      PAGE,
      { k: 'financing' },
      { token: partner, partnerId: cz, lang: 'cs' },
    );
    expect(cs.data!.contentPage).toMatchObject({ lang: 'en', title: 'Grow with us' });
    const empty = await server.gql(
      SAVE_PAGE,
      { input: { key: 'financing', texts: [{ lang: 'en', title: 'x', body: '<script>x</script>' }] } },
      { token: admin },
    );
    expect(empty.errors![0]!.extensions.fields).toEqual([
      expect.objectContaining({ field: 'texts.0.body', rule: 'required' }),
    ]);
    expect((await auditActions('content.page')).map((a) => a.entity_id)).toEqual(['financing']);
  });

  it('creates a question as a draft, publishes it, and the search finds it', async () => {
    const saved = await server.gql<{ cockpitSaveFaq: { id: string; published: boolean } }>(
      SAVE_FAQ,
      {
        input: {
          topic: 'billing',
          texts: [
            { lang: 'en', question: 'What is an offset?', answer: '<p>Settling invoices against credit notes.</p>' },
            { lang: 'cs', question: 'Co je zápočet?', answer: '<p>Vyrovnání faktur s dobropisy.</p>' },
          ],
        },
      },
      { token: admin },
    );
    expect(saved.data!.cockpitSaveFaq.published).toBe(false);
    const id = saved.data!.cockpitSaveFaq.id;
    expect((await faq({ s: 'zapocet' })).data!.faq).toEqual([]);
    expect((await server.gql(PUBLISH, { id, p: true }, { token: admin })).errors).toBeUndefined();
    expect((await faq({ s: 'zapocet' })).data!.faq.map((q) => q.id)).toEqual([id]);
    expect((await faq({ s: 'dobropis' })).data!.faq.map((q) => q.id)).toEqual([id]);
    expect(codeOf(await server.gql(PUBLISH, { id: 999_999, p: true }, { token: admin }))).toBe('ENTITY_NOT_FOUND');
    expect((await auditActions('content.faq')).map((a) => a.action)).toEqual([
      'content.faq.create',
      'content.faq.publish',
    ]);
  });
});

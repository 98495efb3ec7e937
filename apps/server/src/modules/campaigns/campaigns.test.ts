import { randomUUID } from 'node:crypto';
import { shopDay } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { openStreamSocket } from '../../test/stream-socket';
import { syncCampaignPromotions } from './promotions';

let server: TestServer;
let admin: string;
let partner: string;
let multi: string;
let czId: number;
let skId: number;
let today: string;
let electronicsCz: number;
let phonesCz: number;

interface Campaign {
  id: string;
  name: string;
  status: string;
  phase: string;
  joinable: boolean;
  locked: boolean;
  shops: string[];
  dateFrom: string;
  dateTo: string;
  minDiscount: number;
  productsCount: number;
  joined: boolean;
  categories: { id: string; name: string }[];
  divisions: { id: string; name: string }[];
}

const FIELDS = `id name description labels locked status phase joinable minDiscount minDiscountRrp maxReduction
  articleCountMin articleCountMax categories { id name } divisions { id name } shops dateFrom dateTo productsCount joined`;
const LIST = `query($g: GridInput) { campaigns(grid: $g) { total items { ${FIELDS} } } }`;
const DETAIL = `query($id: ID!) { campaign(id: $id) { ${FIELDS} } }`;
const COCKPIT_FIELDS = `id name status phase locked shops dateFrom dateTo minDiscount productsCount partnersCount
  blacklist { id name shopId } categories { id name } divisions { id name }`;
const CREATE = `mutation($i: CampaignInput!) { cockpitCreateCampaign(input: $i) { ${COCKPIT_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $i: CampaignInput!) { cockpitUpdateCampaign(id: $id, input: $i) { ${COCKPIT_FIELDS} } }`;
const STATUS = `mutation($id: ID!, $s: String!) { cockpitSetCampaignStatus(id: $id, status: $s) { ${COCKPIT_FIELDS} } }`;
const LOCK = `mutation($id: ID!, $l: Boolean!) { cockpitSetCampaignLocked(id: $id, locked: $l) { ${COCKPIT_FIELDS} } }`;
const BLACKLIST = `mutation($id: ID!, $p: ID!, $b: Boolean!) {
  cockpitSetCampaignBlacklist(id: $id, partnerId: $p, blacklisted: $b) { ${COCKPIT_FIELDS} } }`;
const COCKPIT_LIST = `query($g: GridInput) { cockpitCampaigns(grid: $g) { total items { ${COCKPIT_FIELDS} } } }`;

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function input(overrides: Record<string, unknown> = {}) {
  return {
    name: `Campaign ${randomUUID().slice(0, 8)}`,
    description: 'Test campaign',
    labels: ['SALE'],
    minDiscount: 10,
    minDiscountRrp: 5,
    maxReduction: 50,
    articleCountMin: 1,
    articleCountMax: 100,
    shops: ['CZ10MA'],
    from: addDays(today, 10),
    to: addDays(today, 20),
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}, publish = true): Promise<Campaign> {
  const res = await server.gql<{ cockpitCreateCampaign: Campaign }>(CREATE, { i: input(overrides) }, { token: admin });
  expect(res.errors).toBeUndefined();
  const made = res.data!.cockpitCreateCampaign;
  if (!publish) return made;
  return setStatus(made.id, 'PUBLISHED');
}

async function setStatus(id: string, status: string): Promise<Campaign> {
  const res = await server.gql<{ cockpitSetCampaignStatus: Campaign }>(STATUS, { id, s: status }, { token: admin });
  expect(res.errors).toBeUndefined();
  return res.data!.cockpitSetCampaignStatus;
}

async function list(grid: Record<string, unknown> = {}, token = partner, partnerId?: number) {
  const res = await server.gql<{ campaigns: { total: number; items: Campaign[] } }>(
    LIST,
    { g: grid },
    { token, ...(partnerId ? { partnerId } : {}) },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.campaigns;
}

const detail = (id: string, token = partner, partnerId?: number) =>
  server.gql<{ campaign: Campaign }>(DETAIL, { id }, { token, ...(partnerId ? { partnerId } : {}) });

/** A partner's accepted product lines, as an accepted import leaves them (the import is another helper's). */
async function joinProducts(campaignId: string, partnerId: number, productIds: string[]) {
  const importId = randomUUID();
  await server.database.executeSql(
    `insert into campaign_imports (partner_id, id, campaign_id, status, file_name, products_count)
     values ($1, $2, $3, 'ACCEPTED', 'join.csv', $4)`,
    [partnerId, importId, Number(campaignId), productIds.length],
  );
  for (const productId of productIds) {
    await server.database.executeSql(
      'insert into campaign_products (partner_id, campaign_id, product_id, price, import_id) values ($1, $2, $3, 10, $4)',
      [partnerId, Number(campaignId), productId, importId],
    );
  }
}

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  admin = (await server.login('admin@demo.test')).token;
  partner = (await server.login('partner@demo.test')).token;
  multi = (await server.login('multi@demo.test')).token;
  czId = await partnerIdByShop(server.database, '100001');
  skId = await partnerIdByShop(server.database, '100002');
  today = shopDay(new Date(), 'CZ10MA');
  const { rows } = await server.database.executeSql(
    "select id, level from categories where shop_id = 'CZ10MA' and names->>'en' in ('Electronics', 'Phones') order by level",
  );
  electronicsCz = (rows[0] as { id: number }).id;
  phonesCz = (rows[1] as { id: number }).id;
});
afterAll(() => server.close());

describe("the partner's campaigns", () => {
  it('lists the published campaigns of its shop, start newest first, never a draft', async () => {
    const page = await list();
    const seeded = page.items.map((c) => [c.phase, c.status]);
    expect(seeded).toEqual([
      ['UPCOMING', 'PUBLISHED'],
      ['RUNNING', 'PUBLISHED'],
      ['ENDED', 'PUBLISHED'],
    ]);
    const froms = page.items.map((c) => c.dateFrom);
    expect([...froms].sort().reverse()).toEqual(froms);
    const upcoming = page.items[0]!;
    expect(upcoming).toMatchObject({ joinable: true, productsCount: 0, joined: false, shops: ['CZ10MA', 'SK10MA'] });
    // The division is named in the caller's language.
    expect(upcoming.divisions.map((d) => d.name)).toContain('Electronics');
    const czech = await server.gql<{ campaigns: { items: Campaign[] } }>(LIST, {}, { token: partner, lang: 'cs' });
    expect(czech.data!.campaigns.items[0]!.divisions.map((d) => d.name)).toContain('Elektronika');
    expect(page.items.find((c) => c.status === 'DRAFT')).toBeUndefined();
  });

  it('filters by phase, status and name, and sorts as asked', async () => {
    const running = await list({ filters: [{ field: 'phase', operator: 'EQUAL', value: 'RUNNING' }] });
    expect(running.items.map((c) => c.phase)).toEqual(['RUNNING']);
    const named = await list({ filters: [{ field: 'name', operator: 'LIKE', value: 'vanocni' }] });
    expect(named.items.map((c) => c.name)).toEqual(['Vánoční elektronika -20 %']);
    const cancelled = await list({ filters: [{ field: 'status', operator: 'EQUAL', value: 'CANCELLED' }] });
    expect(cancelled.total).toBe(0);
    const oldest = await list({ sort: { field: 'dateFrom', direction: 'ASCENDING' } });
    expect(oldest.items[0]!.phase).toBe('ENDED');
    const refused = await server.gql(
      LIST,
      { g: { filters: [{ field: 'status', operator: 'EQUAL', value: 'DRAFT' }] } },
      { token: partner },
    );
    expect(codeOf(refused)).toBe('VALIDATION_ERROR');
  });

  it('shows the detail; a draft, another shop and an unknown id are not found', async () => {
    const draft = await create({}, false);
    expect(codeOf(await detail(draft.id))).toBe('CAMPAIGN_NOT_FOUND');
    const hungarian = await create({ shops: ['HU20MA'] });
    expect(codeOf(await detail(hungarian.id))).toBe('CAMPAIGN_NOT_FOUND');
    expect((await list()).items.map((c) => c.id)).not.toContain(hungarian.id);
    expect(codeOf(await detail('999999'))).toBe('CAMPAIGN_NOT_FOUND');

    const published = await setStatus(draft.id, 'PUBLISHED');
    const shown = await detail(published.id);
    expect(shown.errors).toBeUndefined();
    expect(shown.data!.campaign).toMatchObject({ status: 'PUBLISHED', phase: 'UPCOMING', joinable: true });

    // The Slovak shop of the same account sees its own shop's campaigns only.
    const slovak = await list({}, multi, skId);
    expect(slovak.items.every((c) => c.shops.includes('SK10MA'))).toBe(true);
    expect(codeOf(await detail(published.id, multi, skId))).toBe('CAMPAIGN_NOT_FOUND');
  });

  it('refuses a blacklisted partner, and lets it in again when allowed', async () => {
    const c = await create();
    const blacklisted = await server.gql<{ cockpitSetCampaignBlacklist: { blacklist: { id: string }[] } }>(
      BLACKLIST,
      { id: c.id, p: czId, b: true },
      { token: admin },
    );
    expect(blacklisted.data!.cockpitSetCampaignBlacklist.blacklist.map((p) => Number(p.id))).toContain(czId);
    expect(codeOf(await detail(c.id))).toBe('CAMPAIGN_PARTNER_BLACKLISTED');
    expect((await list()).items.map((x) => x.id)).not.toContain(c.id);

    await server.gql(BLACKLIST, { id: c.id, p: czId, b: false }, { token: admin });
    expect((await detail(c.id)).data!.campaign.id).toBe(c.id);

    // Only partners of the campaign's shops can be put on its blacklist.
    const other = await server.gql(BLACKLIST, { id: c.id, p: skId, b: true }, { token: admin });
    expect(other.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [expect.objectContaining({ field: 'partnerId', rule: 'campaignPartnerShop' })],
    });
  });

  it('takes a blacklisted partner out of the campaign it had joined', async () => {
    const c = await create();
    await joinProducts(c.id, czId, ['CZ-BL-1']);
    const res = await server.gql<{ cockpitSetCampaignBlacklist: { productsCount: number; partnersCount: number } }>(
      BLACKLIST,
      { id: c.id, p: czId, b: true },
      { token: admin },
    );
    expect(res.data!.cockpitSetCampaignBlacklist).toMatchObject({ productsCount: 0, partnersCount: 0 });
  });

  it('refuses an account without the campaigns permission', async () => {
    const limited = await server.login('limited@demo.test');
    const { rows } = await server.database.executeSql("select id from accounts where email = 'limited@demo.test'");
    const limitedId = (rows[0] as { id: number }).id;
    await server.database.executeSql(
      "update access_policies set is_active = false where account_id = $1 and subject = 'campaigns'",
      [limitedId],
    );
    await server.app.platform.authCache.changed({ accounts: [limitedId] });
    expect(codeOf(await server.gql(LIST, {}, { token: limited.token, partnerId: czId }))).toBe('ACCESS_DENIED');
    const anyId = (await list()).items[0]!.id;
    expect(codeOf(await detail(anyId, limited.token, czId))).toBe('ACCESS_DENIED');
  });
});

describe("the operators' commands", () => {
  it('are refused to a partner', async () => {
    const id = (await list()).items[0]!.id;
    for (const [query, variables] of [
      [CREATE, { i: input() }],
      [UPDATE, { id, i: input() }],
      [STATUS, { id, s: 'CANCELLED' }],
      [LOCK, { id, l: true }],
      [BLACKLIST, { id, p: czId, b: true }],
      [COCKPIT_LIST, {}],
      [`query($id: ID!) { cockpitCampaign(id: $id) { id } }`, { id }],
    ] as const) {
      expect(codeOf(await server.gql(query, variables, { token: partner }))).toBe('ACCESS_DENIED');
    }
  });

  it('refuse invalid campaigns with the rule of each field', async () => {
    const rules = async (overrides: Record<string, unknown>) => {
      const res = await server.gql(CREATE, { i: input(overrides) }, { token: admin });
      expect(codeOf(res)).toBe('VALIDATION_ERROR');
      return (res.errors![0]!.extensions.fields as { field: string; rule: string }[]).map(
        (f) => `${f.field}:${f.rule}`,
      );
    };
    expect(await rules({ articleCountMin: 5, articleCountMax: 4 })).toEqual(['articleCountMax:campaignCountRange']);
    expect(await rules({ to: addDays(today, 9) })).toEqual(['to:campaignDates']);
    expect(await rules({ from: addDays(today, -1) })).toEqual(['from:campaignFromPast']);
    expect(await rules({ name: ' ', minDiscount: 101 })).toEqual(['name:required', 'minDiscount:numberOutOfRange']);
    expect(await rules({ shops: ['XX10MA'] })).toEqual(['shops.0:invalid']);
    expect(await rules({ categories: [99999999] })).toEqual(['categories.0:campaignCategoryUnknown']);
    // Phones is a level-2 category: not a division.
    expect(await rules({ divisions: [phonesCz] })).toEqual(['divisions.0:campaignDivisionUnknown']);
    // A Czech category is not in a Hungarian campaign's catalogue.
    expect(await rules({ shops: ['HU20MA'], categories: [phonesCz] })).toEqual([
      'categories.0:campaignCategoryUnknown',
    ]);
    const ok = await server.gql<{ cockpitCreateCampaign: Campaign }>(
      CREATE,
      { i: input({ categories: [phonesCz], divisions: [electronicsCz], from: today }) },
      { token: admin },
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.cockpitCreateCampaign).toMatchObject({
      status: 'DRAFT',
      phase: 'RUNNING',
      categories: [{ id: String(phonesCz), name: 'Phones' }],
      divisions: [{ id: String(electronicsCz), name: 'Electronics' }],
    });
  });

  it('edit everything before the start; after a partner joined only name, description and labels', async () => {
    const c = await create();
    const edited = await server.gql<{ cockpitUpdateCampaign: Campaign }>(
      UPDATE,
      { id: c.id, i: input({ name: 'Renamed', minDiscount: 20, to: addDays(today, 25) }) },
      { token: admin },
    );
    expect(edited.data!.cockpitUpdateCampaign).toMatchObject({ name: 'Renamed', minDiscount: 20 });

    await joinProducts(c.id, czId, ['CZ-JOIN-1', 'CZ-JOIN-2']);
    // The joined products freeze the terms by themselves too (whatever became of the import that left them).
    await server.database.executeSql('delete from campaign_imports where campaign_id = $1', [Number(c.id)]);
    const terms = { minDiscount: 20, to: addDays(today, 25) };
    const frozen = await server.gql(
      UPDATE,
      { id: c.id, i: input({ ...terms, name: 'Renamed', minDiscount: 30 }) },
      { token: admin },
    );
    expect(codeOf(frozen)).toBe('CAMPAIGN_TERMS_FROZEN');
    expect(frozen.errors![0]!.extensions.fields).toEqual([
      expect.objectContaining({ field: 'minDiscount', rule: 'campaignTermsFrozen' }),
    ]);
    const renamed = await server.gql<{ cockpitUpdateCampaign: Campaign & { productsCount: number } }>(
      UPDATE,
      { id: c.id, i: input({ ...terms, name: 'Renamed again', description: 'New text', labels: ['TOP'] }) },
      { token: admin },
    );
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data!.cockpitUpdateCampaign).toMatchObject({ name: 'Renamed again', productsCount: 2 });
    const seen = (await detail(c.id)).data!.campaign;
    expect(seen).toMatchObject({ name: 'Renamed again', productsCount: 2, joined: true, minDiscount: 20 });
  });

  it('freeze the terms of a started campaign even if nobody joined', async () => {
    const running = (await list({ filters: [{ field: 'phase', operator: 'EQUAL', value: 'RUNNING' }] })).items[0]!;
    const cockpit = await server.gql<{ cockpitCampaign: Campaign & { articleCountMin: number } }>(
      `query($id: ID!) { cockpitCampaign(id: $id) { ${FIELDS.replace('productsCount joined', 'productsCount')} } }`,
      { id: running.id },
      { token: admin },
    );
    const c = cockpit.data!.cockpitCampaign as unknown as Record<string, unknown>;
    const same = {
      name: c.name,
      description: c.description,
      labels: c.labels,
      minDiscount: c.minDiscount,
      minDiscountRrp: c.minDiscountRrp,
      maxReduction: c.maxReduction,
      articleCountMin: c.articleCountMin,
      articleCountMax: c.articleCountMax,
      shops: c.shops,
      from: c.dateFrom,
      to: c.dateTo,
    };
    const later = await server.gql(
      UPDATE,
      { id: running.id, i: { ...same, to: addDays(today, 30) } },
      { token: admin },
    );
    expect(codeOf(later)).toBe('CAMPAIGN_TERMS_FROZEN');
    const renamed = await server.gql(
      UPDATE,
      { id: running.id, i: { ...same, name: 'Spring clean' } },
      { token: admin },
    );
    expect(renamed.errors).toBeUndefined();
  });

  it('move the status only forward; a cancelled campaign stays visible to the partners who had joined it', async () => {
    const joined = await create();
    const notJoined = await create();
    await joinProducts(joined.id, czId, ['CZ-CANCEL-1']);
    expect(codeOf(await server.gql(STATUS, { id: joined.id, s: 'DRAFT' }, { token: admin }))).toBe(
      'CAMPAIGN_STATUS_CHANGE',
    );
    expect((await setStatus(joined.id, 'CANCELLED')).status).toBe('CANCELLED');
    await setStatus(notJoined.id, 'CANCELLED');
    expect(codeOf(await server.gql(STATUS, { id: joined.id, s: 'PUBLISHED' }, { token: admin }))).toBe(
      'CAMPAIGN_STATUS_CHANGE',
    );

    const seen = (await detail(joined.id)).data!.campaign;
    expect(seen).toMatchObject({ status: 'CANCELLED', joinable: false, joined: true, productsCount: 1 });
    expect(codeOf(await detail(notJoined.id))).toBe('CAMPAIGN_NOT_FOUND');
    const cancelled = await list({ filters: [{ field: 'status', operator: 'EQUAL', value: 'CANCELLED' }] });
    expect(cancelled.items.map((c) => c.id)).toEqual([joined.id]);
    // Cancelled terms are frozen too.
    expect(codeOf(await server.gql(UPDATE, { id: joined.id, i: input({ minDiscount: 1 }) }, { token: admin }))).toBe(
      'CAMPAIGN_TERMS_FROZEN',
    );
  });

  it("write new labels on the joined products, and take the campaign's prices off them when cancelled", async () => {
    const c = await create({ labels: ['SALE'] });
    const { rows } = await server.database.executeSql(
      'select id from products where partner_id = $1 order by id limit 1',
      [czId],
    );
    const productId = (rows[0] as { id: string }).id;
    await joinProducts(c.id, czId, [productId]);
    // What the accepted import does (the import's own code, not this module's).
    await syncCampaignPromotions(server.database.db, czId, [productId]);
    const campaignEntries = async () => {
      const { rows: product } = await server.database.executeSql(
        'select promotions, labels from products where partner_id = $1 and id = $2',
        [czId, productId],
      );
      const p = product[0] as { promotions: { source: string }[]; labels: { label: string; source: string }[] };
      return {
        promotions: p.promotions.filter((e) => e.source === 'CAMPAIGN').length,
        labels: p.labels.filter((e) => e.source === 'CAMPAIGN').map((e) => e.label),
      };
    };
    expect(await campaignEntries()).toEqual({ promotions: 1, labels: ['SALE'] });

    const same = { minDiscount: 10, to: addDays(today, 20) };
    const relabelled = await server.gql(UPDATE, { id: c.id, i: input({ ...same, labels: ['TOP'] }) }, { token: admin });
    expect(relabelled.errors).toBeUndefined();
    expect(await campaignEntries()).toEqual({ promotions: 1, labels: ['TOP'] });

    await setStatus(c.id, 'CANCELLED');
    expect(await campaignEntries()).toEqual({ promotions: 0, labels: [] });
  });

  it('lock a campaign: it is no longer joinable', async () => {
    const c = await create();
    const locked = await server.gql<{ cockpitSetCampaignLocked: Campaign }>(
      LOCK,
      { id: c.id, l: true },
      { token: admin },
    );
    expect(locked.data!.cockpitSetCampaignLocked.locked).toBe(true);
    expect((await detail(c.id)).data!.campaign).toMatchObject({ locked: true, joinable: false });
  });

  it('list every campaign for operators, drafts included, with the audit trail of each change', async () => {
    const draft = await create({ name: 'Operators only draft' }, false);
    const res = await server.gql<{ cockpitCampaigns: { items: Campaign[] } }>(
      COCKPIT_LIST,
      { g: { filters: [{ field: 'status', operator: 'EQUAL', value: 'DRAFT' }] } },
      { token: admin },
    );
    expect(res.data!.cockpitCampaigns.items.map((c) => c.id)).toContain(draft.id);
    const { rows } = await server.database.executeSql(
      "select action from audit_log where entity = 'campaigns' and entity_id = $1",
      [draft.id],
    );
    expect(rows.map((r) => (r as { action: string }).action)).toEqual(['campaign.create']);
  });
});

describe("the operators' category choices", () => {
  it('offer every division of the chosen shops and find categories by a part of their name', async () => {
    const Q = `query($s: [String!]!, $l: Int, $q: String) {
      cockpitCampaignCategories(shops: $s, level: $l, search: $q) { id shopId level path } }`;
    type Option = { id: string; shopId: string; level: number; path: string[] };
    const divisions = await server.gql<{ cockpitCampaignCategories: Option[] }>(
      Q,
      { s: ['CZ10MA'], l: 1 },
      { token: admin },
    );
    const list = divisions.data!.cockpitCampaignCategories;
    expect(list.every((c) => c.level === 1 && c.shopId === 'CZ10MA')).toBe(true);
    expect(list.map((c) => c.id)).toContain(String(electronicsCz));
    const found = await server.gql<{ cockpitCampaignCategories: Option[] }>(
      Q,
      { s: ['CZ10MA'], q: 'phones' },
      { token: admin },
    );
    expect(found.data!.cockpitCampaignCategories.find((c) => c.id === String(phonesCz))?.path).toEqual([
      'Electronics',
      'Phones',
    ]);
    expect(codeOf(await server.gql(Q, { s: ['CZ10MA'], l: 1 }, { token: partner }))).toBe('ACCESS_DENIED');
  });
});

describe('the live stream', () => {
  it("tells the partners of the campaign's shops that it changed, and nothing about a draft", async () => {
    const socket = await openStreamSocket(server, partner, { partnerId: czId });
    try {
      const draft = await create({}, false);
      await server.gql(LOCK, { id: draft.id, l: true }, { token: admin });
      await setStatus(draft.id, 'PUBLISHED');
      const event = await socket.next('update_campaign');
      expect(event.data).toEqual({ id: Number(draft.id) });
      await socket.settled();
      // The lock of the draft was not announced: only the publish.
      expect(socket.all('update_campaign')).toHaveLength(1);

      const hungarian = await create({ shops: ['HU20MA'] });
      await server.gql(LOCK, { id: hungarian.id, l: true }, { token: admin });
      await socket.settled();
      expect(socket.all('update_campaign')).toHaveLength(1);
    } finally {
      socket.close();
    }
  });
});

import {
  allPolicies,
  type Policy,
  type WorkflowStatus,
  SHOP_IDS,
  WORKFLOW_STATUSES,
  PROVIDER_TYPES,
  RESOURCES,
  ACTIONS,
  type OperatorRole,
} from '@pp/domain';
import { count } from 'drizzle-orm';
import { accessPolicies, accounts } from '../modules/account/tables';
import { hashPassword } from '../modules/auth/password';
import { accountPartners, partners } from '../modules/partner/tables';
import type { DbOrTx } from '../platform/db/client';
import { recordAudit } from '../platform/audit/service';
import { seedDemoOrders } from './orders';
import { seedDemoBranches } from './branches';
import { seedBrandLogos, seedBrandRequests, seedBrands } from './brands';
import { seedCatalog } from './catalog-seed';
import { seedPartnerArea } from './partner-area';
import { seedPartnerPages } from './partner-page';
import { seedCampaigns } from './campaigns';
import { seedBilling } from './billing';
import { seedContent } from '../modules/content/seed';
import { seedDemoTwoFactor } from '../modules/auth/two-factor-seed';
import type { SecretBox } from '../platform/secrets';
import { seedTerms } from './terms';
import { seedPriceLists } from './price-lists';
import { seedDemoFeeds } from './feeds';
import { type DemoMedia, seedDemoProducts } from './products';
import { seedMallDelivery } from '../modules/deliveries/mall/seed';

export const DEMO_PASSWORD = 'Demo-portal-2026!';

export const DEMO_ACCOUNTS = [
  { email: 'partner@demo.test', role: 'master account of a Czech partner (CZ10MA) in PRODUCTION, every permission' },
  { email: 'multi@demo.test', role: 'belongs to three partners (Czech, Slovak, Polish) and switches between them' },
  { email: 'limited@demo.test', role: 'account of the Czech partner without the orders resource' },
  { email: 'colleague@demo.test', role: 'account of the Czech partner that may read everything and change nothing' },
  { email: 'onboarding@demo.test', role: 'a newly registered partner still in onboarding' },
  { email: 'admin@demo.test', role: 'a marketplace operator (administrator, cockpit)' },
  { email: 'deactivated@demo.test', role: 'a deactivated account (login shows its message)' },
  { email: 'unconfirmed@demo.test', role: 'an account not confirmed yet (login shows its message)' },
  { email: 'closed@demo.test', role: 'master account of a deactivated partner (login shows its message)' },
] as const;

type NewPartner = typeof partners.$inferInsert;

const FIRST = ['Jana', 'Petr', 'Lucie', 'Tomáš', 'Eva', 'Martin', 'Zuzana', 'Marek', 'Anna', 'Jakub'];
const LAST = ['Nováková', 'Svoboda', 'Dvořáková', 'Černý', 'Procházková', 'Kučera', 'Veselá', 'Horák'];
const GOODS = [
  'Sport',
  'Garden',
  'Toys',
  'Electro',
  'Books',
  'Pets',
  'Home',
  'Fashion',
  'Beauty',
  'Auto',
  'Baby',
  'Tools',
];
const SUFFIX = ['s.r.o.', 'a.s.', 'Sp. z o.o.', 'd.o.o.', 'Kft.', 'k.s.'];

/** A deterministic pseudo-random sequence, so every seed of the same size gives the same data. */
export function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export function generatedPartner(i: number, random: () => number): NewPartner {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const shopId = pick(SHOP_IDS);
  const name = `${pick(GOODS)} ${pick(GOODS)} ${i}`;
  const country = shopId.slice(0, 2) === 'SI' ? 'SI' : shopId.slice(0, 2);
  return {
    partnerName: `${name} ${pick(SUFFIX)}`,
    mallName: name.toLowerCase().replaceAll(' ', '-'),
    sapId: String(200_000 + i),
    shopId,
    provider: pick(PROVIDER_TYPES),
    pluginProvider: random() < 0.3 ? pick(['SHOPTET', 'WOOCOMMERCE', 'PRESTASHOP', 'MAGENTO', 'SHOPIFY']) : null,
    rating: Math.round((2.5 + random() * 2.5) * 10) / 10,
    kam: `${pick(FIRST)} ${pick(LAST)}`,
    farmer: `${pick(FIRST)} ${pick(LAST)}`,
    workflowStatus: random() < 0.6 ? 'PRODUCTION' : pick(WORKFLOW_STATUSES),
    country,
    created: new Date(Date.UTC(2022, 0, 1) + Math.floor(random() * 1_700) * 86_400_000),
  };
}

async function insertPartner(db: DbOrTx, values: NewPartner): Promise<number> {
  const [row] = await db.insert(partners).values(values).returning({ id: partners.id });
  return row!.id;
}

/** The demo's operators, one per role (the administrator is admin@demo.test). */
export const DEMO_OPERATORS: Record<OperatorRole, string> = {
  administrator: 'admin@demo.test',
  support: 'support@demo.test',
  onboarding: 'sales@demo.test',
  finance: 'finance@demo.test',
  content: 'content@demo.test',
};

async function insertAccount(
  db: DbOrTx,
  passwordHash: string,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    lang?: string;
    isAdmin?: boolean;
    operatorRoles?: OperatorRole[];
    isActive?: boolean;
    isConfirmed?: boolean;
  },
): Promise<number> {
  const [row] = await db
    .insert(accounts)
    .values({ passwordHash, lang: 'cs', isConfirmed: true, isActive: true, isAdmin: false, ...values })
    .returning({ id: accounts.id });
  return row!.id;
}

async function link(
  db: DbOrTx,
  partnerId: number,
  accountId: number,
  isMaster: boolean,
  isDefault: boolean,
  policies: Policy[] = [],
) {
  await db.insert(accountPartners).values({ partnerId, accountId, isMaster, isDefault });
  if (policies.length) {
    await db
      .insert(accessPolicies)
      .values(
        policies.map((p) => ({ partnerId, accountId, subject: p.subject, action: p.action, isActive: p.isActive })),
      );
  }
}

export async function hasData(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(partners);
  return (row?.n ?? 0) > 0;
}

/** The demo data of `npm start`: the named demo accounts, their partners, and a few dozen more partners. */
export async function seedDemo(
  db: DbOrTx,
  options: {
    extraPartners?: number;
    /** The order books of the demo shops in production (seed/orders.ts); on unless false. */
    orders?: boolean;
    /** The demo partners' catalogues and brand requests (seed/products.ts); on unless false. */
    products?: boolean;
    /** Where generated product pictures and brand logos go; without it the catalogue has no pictures. */
    media?: DemoMedia;
    /** The portal's address: the demo shops' feeds point at its demo files (seed/feeds.ts); none without it. */
    feedsUrl?: string;
    /** The server's secret box: the demo operators' second factor is sealed with it; without it they have none. */
    secrets?: SecretBox;
  } = {},
): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await seedCatalog(tx);
    await seedBrands(tx);
    const base = { provider: 'API', rating: 4.6, kam: 'Jana Nováková', farmer: 'Petr Svoboda' } as const;
    const cz = await insertPartner(tx, {
      ...base,
      partnerName: 'Sportovní potřeby Demo s.r.o.',
      mallName: 'sport-demo',
      sapId: '100001',
      shopId: 'CZ10MA',
      country: 'CZ',
      workflowStatus: 'PRODUCTION',
      mdpStatus: 'active',
      billingStatus: 'active',
      urlSlug: 'sport-demo',
    });
    const sk = await insertPartner(tx, {
      ...base,
      partnerName: 'Záhrada Demo s.r.o.',
      mallName: 'zahrada-demo',
      sapId: '100002',
      shopId: 'SK10MA',
      country: 'SK',
      workflowStatus: 'PRODUCTION',
      rating: 4.2,
    });
    const pl = await insertPartner(tx, {
      ...base,
      partnerName: 'Zabawki Demo Sp. z o.o.',
      mallName: 'zabawki-demo',
      sapId: '100003',
      shopId: 'PL20MA',
      country: 'PL',
      workflowStatus: 'PRODUCTION',
      provider: 'MALL_FEED',
      rating: 3.9,
    });
    const onboarding = await insertPartner(tx, {
      partnerName: 'Nový obchod Demo s.r.o.',
      mallName: 'novy-obchod',
      shopId: 'CZ10MA',
      country: 'CZ',
      workflowStatus: 'REGISTERED',
      provider: 'MANUAL',
      kam: 'Eva Veselá',
    });
    const closed = await insertPartner(tx, {
      ...base,
      partnerName: 'Ukončený obchod s.r.o.',
      mallName: 'ukonceny',
      sapId: '100009',
      shopId: 'CZ10MA',
      country: 'CZ',
      workflowStatus: 'DEACTIVATED',
    });
    const hr = await insertPartner(tx, {
      ...base,
      partnerName: 'Vrt Demo d.o.o.',
      mallName: 'vrt-demo',
      sapId: '100004',
      shopId: 'HR10MA',
      country: 'HR',
      workflowStatus: 'PRODUCTION',
    });

    const partnerAcc = await insertAccount(tx, hash, {
      email: 'partner@demo.test',
      firstName: 'Jan',
      lastName: 'Novák',
    });
    const multi = await insertAccount(tx, hash, {
      email: 'multi@demo.test',
      firstName: 'Marta',
      lastName: 'Kovalská',
      lang: 'en',
    });
    const limited = await insertAccount(tx, hash, { email: 'limited@demo.test', firstName: 'Lukáš', lastName: 'Malý' });
    const onboardingAcc = await insertAccount(tx, hash, {
      email: 'onboarding@demo.test',
      firstName: 'Olga',
      lastName: 'Nová',
    });
    const admin = await insertAccount(tx, hash, {
      email: 'admin@demo.test',
      firstName: 'Adam',
      lastName: 'Operátor',
      lang: 'en',
      isAdmin: true,
      operatorRoles: ['administrator'],
    });
    // One operator of each other role, so the cockpit can be seen as each of them sees it.
    for (const [role, firstName, lastName] of [
      ['support', 'Sára', 'Podpora'],
      ['onboarding', 'Ondřej', 'Obchodník'],
      ['finance', 'Františka', 'Účetní'],
      ['content', 'Klára', 'Obsahová'],
    ] as const) {
      const email = DEMO_OPERATORS[role];
      await insertAccount(tx, hash, { email, firstName, lastName, lang: 'en', isAdmin: true, operatorRoles: [role] });
    }
    const deactivated = await insertAccount(tx, hash, {
      email: 'deactivated@demo.test',
      firstName: 'Dan',
      lastName: 'Vypnutý',
      isActive: false,
    });
    const unconfirmed = await insertAccount(tx, hash, {
      email: 'unconfirmed@demo.test',
      firstName: 'Uma',
      lastName: 'Nepotvrzená',
      isConfirmed: false,
    });
    const closedAcc = await insertAccount(tx, hash, {
      email: 'closed@demo.test',
      firstName: 'Karel',
      lastName: 'Konec',
    });

    await link(tx, cz, partnerAcc, true, true);
    // multi@ is the master of the Slovak and Polish shops and a member of the Czech one with every permission.
    await link(tx, sk, multi, true, true);
    await link(tx, pl, multi, true, false);
    await link(tx, cz, multi, false, false, allPolicies());
    const everythingButOrders = RESOURCES.filter((r) => r !== 'orders').flatMap((subject) =>
      ACTIONS.map((action) => ({ subject, action, isActive: true })),
    );
    await link(tx, cz, limited, false, true, everythingButOrders);
    await link(tx, onboarding, onboardingAcc, true, true);
    await link(tx, cz, deactivated, false, true, everythingButOrders);
    await link(tx, cz, unconfirmed, false, true, everythingButOrders);
    await link(tx, closed, closedAcc, true, true);
    // The pickup points first: the order book sends its pickup-point orders to them.
    await seedDemoBranches(tx);
    if (options.orders ?? true) {
      await seedDemoOrders(tx, [
        { id: cz, shopId: 'CZ10MA', accountId: partnerAcc },
        { id: sk, shopId: 'SK10MA', accountId: multi },
        { id: pl, shopId: 'PL20MA', accountId: multi },
        { id: hr, shopId: 'HR10MA', accountId: null },
      ]);
    }

    if (options.products ?? true) {
      await seedDemoProducts(
        tx,
        [
          { id: cz, shopId: 'CZ10MA' },
          { id: sk, shopId: 'SK10MA' },
          { id: pl, shopId: 'PL20MA' },
          { id: hr, shopId: 'HR10MA' },
        ],
        { media: options.media },
      );
      await seedBrandRequests(tx, cz, partnerAcc);
    }
    if (options.media) await seedBrandLogos(tx, options.media);

    const random = sequence(42);
    const extra = options.extraPartners ?? 60;
    for (let i = 0; i < extra; i++) {
      const id = await insertPartner(tx, generatedPartner(i, random));
      const account = await insertAccount(tx, hash, {
        email: `seller${i}@demo.test`,
        firstName: FIRST[i % FIRST.length]!,
        lastName: LAST[i % LAST.length]!,
      });
      await link(tx, id, account, true, true);
    }
    await seedTerms(tx);
    await seedPriceLists(tx);
    await seedMallDelivery(tx, cz);
    if (options.feedsUrl) await seedDemoFeeds(tx, { cz, pl }, options.feedsUrl);
    await seedPartnerArea(
      tx,
      { cz, sk, pl, hr, onboarding, partnerAcc, multi, limited, admin, demoPasswordHash: hash },
      options.media,
    );
    await seedPartnerPages(tx, { cz, pl, hr });
    await seedCampaigns(tx, { cz });
    await seedBilling(tx);
    await seedContent(tx);
    if (options.secrets) await seedDemoTwoFactor(tx, options.secrets);
    await recordAudit(
      tx,
      { accountId: null, adminAccountId: null, partnerId: cz, requestId: null },
      { action: 'seed.demo' },
    );
  });
}

export type { WorkflowStatus };

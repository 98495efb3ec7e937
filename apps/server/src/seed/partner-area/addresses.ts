import { partnerAddresses, partnerContacts } from '../../modules/partner/tables';
import type { DbOrTx } from '../../platform/db/client';
import type { DemoIds } from './ids';

type Address = { street: string; city: string; state: string; zip: string; types: string[] };
type Contact = { firstName: string; lastName: string; email: string; phone: string; roles: string[] };

/**
 * The Czech shop runs MALL Delivery, so it has its warehouse (in CZ) and its one MALL Delivery contact; it
 * has enough rows for both grids to have a second page.
 */
const CZ_ADDRESSES: Address[] = [
  { street: 'Vinohradská 112', city: 'Praha', state: 'CZ', zip: '130 00', types: ['DEFAULT', 'BILLING_ADDRESS'] },
  { street: 'Vinohradská 112', city: 'Praha', state: 'CZ', zip: '130 00', types: ['CORRESPONDENCE_ADDRESS'] },
  { street: 'Průmyslová 1420', city: 'Brno', state: 'CZ', zip: '627 00', types: ['MAIN_WAREHOUSE'] },
  { street: 'Logistická 7', city: 'Jihlava', state: 'CZ', zip: '586 01', types: ['MDP_WAREHOUSE'] },
  { street: 'Skladová 15', city: 'Ostrava', state: 'CZ', zip: '702 00', types: ['WAREHOUSE'] },
  { street: 'Polní 33', city: 'Olomouc', state: 'CZ', zip: '779 00', types: ['WAREHOUSE'] },
  { street: 'Nádražní 4', city: 'Plzeň', state: 'CZ', zip: '301 00', types: ['WAREHOUSE'] },
  { street: 'Tovární 210', city: 'Hradec Králové', state: 'CZ', zip: '500 03', types: ['WAREHOUSE'] },
  { street: 'Dlouhá 8', city: 'České Budějovice', state: 'CZ', zip: '370 01', types: ['WAREHOUSE'] },
  { street: 'Krátká 2', city: 'Liberec', state: 'CZ', zip: '460 01', types: ['WAREHOUSE'] },
  { street: 'Hlavní 56', city: 'Zlín', state: 'CZ', zip: '760 01', types: ['WAREHOUSE'] },
  { street: 'Mlýnská 19', city: 'Pardubice', state: 'CZ', zip: '530 02', types: ['WAREHOUSE'] },
  { street: 'Štúrova 9', city: 'Bratislava', state: 'SK', zip: '811 02', types: ['WAREHOUSE'] },
  { street: 'ul. Magazynowa 3', city: 'Katowice', state: 'PL', zip: '40-001', types: ['WAREHOUSE'] },
];

const CZ_CONTACTS: Contact[] = [
  ['Jana', 'Nováková', 'jana.novakova', '601 111 201', ['MANAGER']],
  ['Petr', 'Svoboda', 'petr.svoboda', '601 111 202', ['LOGISTICS']],
  ['Eva', 'Dvořáková', 'eva.dvorakova', '601 111 203', ['FINANCE']],
  ['Tomáš', 'Černý', 'tomas.cerny', '601 111 204', ['RMA']],
  ['Lucie', 'Procházková', 'lucie.prochazkova', '601 111 205', ['SALES']],
  ['Martin', 'Kučera', 'martin.kucera', '601 111 206', ['TECH']],
  ['Kateřina', 'Veselá', 'katerina.vesela', '601 111 207', ['MARKETING']],
  ['Jakub', 'Horák', 'jakub.horak', '601 111 208', ['CALLCENTRUM']],
  ['Tereza', 'Němcová', 'tereza.nemcova', '601 111 209', ['USER']],
  ['Radek', 'Marek', 'radek.marek', '601 111 210', ['MALL_DELIVERY']],
  ['Monika', 'Pokorná', 'monika.pokorna', '601 111 211', ['SALES', 'MARKETING']],
  ['David', 'Pospíšil', 'david.pospisil', '', ['TECH']],
  ['Alena', 'Hájková', 'alena.hajkova', '601 111 213', ['FINANCE', 'MANAGER']],
  ['Ondřej', 'Král', 'ondrej.kral', '601 111 214', ['LOGISTICS', 'RMA']],
].map(([firstName, lastName, local, phone, roles]) => ({
  firstName: firstName as string,
  lastName: lastName as string,
  email: `${local as string}@sport-demo.cz`,
  phone: phone as string,
  roles: roles as string[],
}));

const SK_ADDRESSES: Address[] = [
  { street: 'Obchodná 21', city: 'Bratislava', state: 'SK', zip: '811 06', types: ['DEFAULT', 'BILLING_ADDRESS'] },
  { street: 'Priemyselná 4', city: 'Žilina', state: 'SK', zip: '010 01', types: ['MAIN_WAREHOUSE'] },
  { street: 'Hlavná 90', city: 'Košice', state: 'SK', zip: '040 01', types: ['CORRESPONDENCE_ADDRESS'] },
];
const SK_CONTACTS: Contact[] = [
  {
    firstName: 'Zuzana',
    lastName: 'Kováčová',
    email: 'zuzana@zahrada-demo.sk',
    phone: '+421 905 123 456',
    roles: ['MANAGER', 'FINANCE'],
  },
  {
    firstName: 'Marek',
    lastName: 'Horváth',
    email: 'marek@zahrada-demo.sk',
    phone: '+421 905 123 457',
    roles: ['LOGISTICS', 'RMA'],
  },
  { firstName: 'Ivana', lastName: 'Baláž', email: 'ivana@zahrada-demo.sk', phone: '', roles: ['SALES', 'TECH'] },
];
const PL_ADDRESSES: Address[] = [
  {
    street: 'ul. Marszałkowska 10',
    city: 'Warszawa',
    state: 'PL',
    zip: '00-590',
    types: ['DEFAULT', 'BILLING_ADDRESS'],
  },
  { street: 'ul. Składowa 5', city: 'Łódź', state: 'PL', zip: '90-127', types: ['MAIN_WAREHOUSE', 'WAREHOUSE'] },
];
const PL_CONTACTS: Contact[] = [
  {
    firstName: 'Anna',
    lastName: 'Kowalska',
    email: 'anna@dom-demo.pl',
    phone: '+48 601 234 567',
    roles: ['MANAGER', 'SALES'],
  },
  {
    firstName: 'Piotr',
    lastName: 'Wiśniewski',
    email: 'piotr@dom-demo.pl',
    phone: '+48 601 234 568',
    roles: ['LOGISTICS', 'RMA', 'FINANCE'],
  },
];

/** Demo addresses and contacts of the partner area (issue 10); the onboarding partner keeps none. */
export async function seedAddressesAndContacts(tx: DbOrTx, ids: DemoIds): Promise<void> {
  const sets: [number, Address[], Contact[]][] = [
    [ids.cz, CZ_ADDRESSES, CZ_CONTACTS],
    [ids.sk, SK_ADDRESSES, SK_CONTACTS],
    [ids.pl, PL_ADDRESSES, PL_CONTACTS],
  ];
  for (const [partnerId, addresses, contacts] of sets) {
    await tx.insert(partnerAddresses).values(addresses.map((a) => ({ partnerId, ...a })));
    await tx.insert(partnerContacts).values(contacts.map((c) => ({ partnerId, ...c })));
  }
}

import type { GridPage } from '@pp/domain';
import { builder, GridInput } from '../../platform/graphql/builder';
import { type AddressRow, addressesGrid, stateAllowed } from './addresses';
import { type ContactRow, contactsGrid } from './contacts';
import { PartnerAddressRef, PartnerContactRef } from './settings-graphql';

const PartnerAddressPageRef = builder.objectRef<GridPage<AddressRow>>('PartnerAddressPage').implement({
  fields: (t) => ({
    items: t.field({ type: [PartnerAddressRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

const PartnerContactPageRef = builder.objectRef<GridPage<ContactRow>>('PartnerContactPage').implement({
  fields: (t) => ({
    items: t.field({ type: [PartnerContactRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

builder.queryFields((t) => ({
  addressesGrid: t.field({
    type: PartnerAddressPageRef,
    description: "The selected partner's addresses, 10 a page (columns id, street, city, zip, state, types).",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => addressesGrid(ctx, args.grid ?? {}),
  }),
  contactsGrid: t.field({
    type: PartnerContactPageRef,
    description: "The selected partner's contact people, 10 a page (columns id, name, email, phone, roles).",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => contactsGrid(ctx, args.grid ?? {}),
  }),
  addressStateAllowed: t.boolean({
    description: 'Whether an address of these types may be in this country (the MALL Delivery warehouse rule).',
    args: { stateCode: t.arg.string({ required: true }), types: t.arg.stringList({ required: true }) },
    resolve: (_, args, ctx) => stateAllowed(ctx, args.stateCode, args.types),
  }),
}));

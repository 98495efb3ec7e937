import { builder, idArg } from '../../platform/graphql/builder';
import { type AddressRow, deleteAddress, listAddresses, saveAddress } from './addresses';
import { type ContactRow, deleteContact, listContacts, saveContact } from './contacts';
import {
  type ContractView,
  getContract,
  getSelfBilling,
  requestSelfBilling,
  type SelfBillingView,
  saveContract,
  setConnectionType,
} from './contract';

/** GraphQL sends an absent optional field as null; the domain's schemas know only absent ones. */
function present(input: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
}

export const ContractRef = builder.objectRef<ContractView>('Contract').implement({
  description: 'Company details of the selected partner (onboarding step 1).',
  fields: (t) => ({
    company: t.exposeString('company'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    email: t.exposeString('email'),
    phone: t.exposeString('phone'),
    companyId: t.exposeString('companyId', { description: 'Registration number (the spec\'s "in").' }),
    vatId: t.exposeString('vatId'),
    bankAccount: t.exposeString('bankAccount'),
    street: t.exposeString('street'),
    city: t.exposeString('city'),
    state: t.exposeString('state', { description: 'Seat country (ISO 3166-1 alpha-2).' }),
    zip: t.exposeString('zip'),
    web: t.exposeString('web'),
    publicTitle: t.exposeString('publicTitle', {
      nullable: true,
      description: 'The public shop title chosen at registration; it cannot be changed.',
    }),
    updated: t.expose('updated', { type: 'DateTime', nullable: true }),
  }),
});

const ContractInput = builder.inputType('ContractInput', {
  fields: (t) => ({
    company: t.string({ required: true }),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string({ required: true }),
    phone: t.string({ required: true }),
    companyId: t.string({ required: true }),
    vatId: t.string(),
    bankAccount: t.string({ required: true }),
    street: t.string({ required: true }),
    city: t.string({ required: true }),
    state: t.string({ required: true }),
    zip: t.string({ required: true }),
    web: t.string({ required: true }),
  }),
});

export const PartnerAddressRef = builder.objectRef<AddressRow>('PartnerAddress').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    street: t.exposeString('street'),
    city: t.exposeString('city'),
    state: t.exposeString('state'),
    zip: t.exposeString('zip'),
    types: t.exposeStringList('types'),
    updated: t.expose('updated', { type: 'DateTime' }),
  }),
});

const AddressInput = builder.inputType('AddressInput', {
  fields: (t) => ({
    street: t.string({ required: true }),
    city: t.string({ required: true }),
    state: t.string({ required: true }),
    zip: t.string({ required: true }),
    types: t.stringList({ required: true }),
  }),
});

export const PartnerContactRef = builder.objectRef<ContactRow>('PartnerContact').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    email: t.exposeString('email'),
    phone: t.exposeString('phone'),
    roles: t.exposeStringList('roles'),
    updated: t.expose('updated', { type: 'DateTime' }),
  }),
});

const ContactInput = builder.inputType('ContactInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string({ required: true }),
    phone: t.string({ required: true }),
    roles: t.stringList({ required: true }),
  }),
});

const SelfBillingRef = builder.objectRef<SelfBillingView>('SelfBilling').implement({
  fields: (t) => ({
    offered: t.exposeBoolean('offered'),
    status: t.exposeString('status', { description: 'inactive, requested or active.' }),
    fromPeriod: t.exposeString('fromPeriod', {
      nullable: true,
      description: 'The first period (YYYY-MM) billed by self-billing, once the operators accepted it.',
    }),
    declineReason: t.exposeString('declineReason', {
      nullable: true,
      description: "The operators' reason when they last declined the request.",
    }),
  }),
});

builder.queryFields((t) => ({
  contract: t.field({
    type: ContractRef,
    description: 'Company details of the selected partner.',
    resolve: (_, __, ctx) => getContract(ctx),
  }),
  partnerAddresses: t.field({
    type: [PartnerAddressRef],
    resolve: (_, __, ctx) => listAddresses(ctx),
  }),
  partnerContacts: t.field({
    type: [PartnerContactRef],
    resolve: (_, __, ctx) => listContacts(ctx),
  }),
  selfBilling: t.field({
    type: SelfBillingRef,
    description: 'Whether self-billing is offered to the selected partner and its billing status.',
    resolve: (_, __, ctx) => getSelfBilling(ctx),
  }),
}));

builder.mutationFields((t) => ({
  saveContract: t.field({
    type: ContractRef,
    args: { input: t.arg({ type: ContractInput, required: true }) },
    resolve: (_, args, ctx) => saveContract(ctx, present(args.input)),
  }),
  saveAddress: t.field({
    type: PartnerAddressRef,
    description: 'Creates an address, or changes the one named by id.',
    args: { id: t.arg.id(), input: t.arg({ type: AddressInput, required: true }) },
    resolve: (_, args, ctx) => saveAddress(ctx, args.id == null ? null : String(idArg(args.id)), args.input),
  }),
  deleteAddress: t.field({
    type: 'Boolean',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => deleteAddress(ctx, String(idArg(args.id))),
  }),
  saveContact: t.field({
    type: PartnerContactRef,
    description: 'Creates a contact person, or changes the one named by id.',
    args: { id: t.arg.id(), input: t.arg({ type: ContactInput, required: true }) },
    resolve: (_, args, ctx) => saveContact(ctx, args.id == null ? null : String(idArg(args.id)), args.input),
  }),
  deleteContact: t.field({
    type: 'Boolean',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => deleteContact(ctx, String(idArg(args.id))),
  }),
  setConnectionType: t.field({
    type: 'Boolean',
    description: 'How the offer reaches the marketplace (one of PROVIDER_TYPES).',
    args: { provider: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => setConnectionType(ctx, args.provider),
  }),
  requestSelfBilling: t.field({
    type: SelfBillingRef,
    description: 'Authorises self-billing; the operator team activates it.',
    resolve: (_, __, ctx) => requestSelfBilling(ctx),
  }),
}));

import { builder } from '../../platform/graphql/builder';
import { LoginResultRef } from '../auth/graphql';
import { sessionView } from '../auth/service';
import { type CompanyLookup, lookupCompany } from './company-registry';
import {
  completeRegistration,
  confirmRegistration,
  type RegistrationAvailability,
  register,
  registrationAvailability,
} from './service';

const RegistrationAvailabilityRef = builder.objectRef<RegistrationAvailability>('RegistrationAvailability').implement({
  description: 'Whether each asked value is still free (true), taken (false) or was not asked (null).',
  fields: (t) => ({
    email: t.exposeBoolean('email', { nullable: true }),
    companyName: t.exposeBoolean('companyName', { nullable: true }),
    publicTitle: t.exposeBoolean('publicTitle', { nullable: true }),
  }),
});

const CompanyLookupRef = builder.objectRef<CompanyLookup>('CompanyLookup').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    companyId: t.exposeString('companyId'),
    vatId: t.exposeString('vatId'),
    street: t.exposeString('street'),
    city: t.exposeString('city'),
    zip: t.exposeString('zip'),
    country: t.exposeString('country'),
  }),
});

const RegistrationConfirmationRef = builder
  .objectRef<{ passwordToken: string; loginToken: string }>('RegistrationConfirmation')
  .implement({
    fields: (t) => ({
      passwordToken: t.exposeString('passwordToken'),
      loginToken: t.exposeString('loginToken'),
    }),
  });

const RegistrationInput = builder.inputType('RegistrationInput', {
  description: 'Both steps of the registration form; the domain schema registrationSchema checks it.',
  fields: (t) => ({
    shopId: t.string({ required: true }),
    shopName: t.string({ required: true }),
    web: t.string({ required: true }),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string({ required: true }),
    phone: t.string({ required: true }),
    provider: t.string({ required: true }),
    language: t.string({ required: true }),
    country: t.string({ required: true }),
    companyId: t.string({ required: true }),
    company: t.string({ required: true }),
    vatId: t.string(),
    street: t.string({ required: true }),
    city: t.string({ required: true }),
    zip: t.string({ required: true }),
    bankAccount: t.string(),
    annualTurnover: t.string({ required: true }),
    salesCount: t.string({ required: true }),
    offeredCount: t.string({ required: true }),
    divisions: t.stringList({ required: true }),
    otherDivisions: t.string(),
    countries: t.stringList({ required: true }),
    productFeed: t.string(),
    availabilityFeed: t.string(),
    hasCarrier: t.boolean(),
    consent: t.boolean({ required: true }),
  }),
});

/** GraphQL nulls of optional fields become absent, so the schema's defaults apply. */
function withoutNulls(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
}

builder.queryFields((t) => ({
  registrationAvailability: t.field({
    type: RegistrationAvailabilityRef,
    description: 'Public, throttled per address. The registration form checks e-mail, company name and public title.',
    args: {
      email: t.arg.string(),
      shopId: t.arg.string(),
      companyName: t.arg.string(),
      publicTitle: t.arg.string(),
    },
    resolve: (_, args, ctx) => registrationAvailability(ctx, args),
  }),
  companyLookup: t.field({
    type: CompanyLookupRef,
    nullable: true,
    description: 'Public. Company details by company id from the company registry; null when unknown.',
    args: { country: t.arg.string({ required: true }), companyId: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => lookupCompany(ctx.platform, args.country, args.companyId),
  }),
}));

builder.mutationFields((t) => ({
  register: t.boolean({
    description: 'Public, throttled. Registers a new e-shop and mails the confirmation link.',
    args: { input: t.arg({ type: RegistrationInput, required: true }) },
    resolve: (_, args, ctx) => register(ctx, withoutNulls(args.input)),
  }),
  confirmRegistration: t.field({
    type: RegistrationConfirmationRef,
    description: 'Public. registration-confirm/{token}: EXPIRED mails a new link; unknown or used: NOT_FOUND.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => confirmRegistration(ctx, args.token),
  }),
  completeRegistration: t.field({
    type: LoginResultRef,
    description: 'Public. registration-complete/{passwordToken}/{loginToken}: sets the password and signs in.',
    args: {
      passwordToken: t.arg.string({ required: true }),
      loginToken: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      passwordRepeat: t.arg.string({ required: true }),
    },
    resolve: async (_, args, ctx) => {
      const { token, auth } = await completeRegistration(ctx, args);
      return { token, session: await sessionView(ctx.db, auth, null) };
    },
  }),
}));

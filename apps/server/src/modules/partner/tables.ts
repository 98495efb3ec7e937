import { isNull, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';

export const partners = pgTable(
  'partners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerName: text('partner_name').notNull(),
    mallName: text('mall_name'),
    sapId: text('sap_id'),
    shopId: text('shop_id').notNull(),
    clientId: text('client_id'),
    provider: text('provider'),
    pluginProvider: text('plugin_provider'),
    rating: real('rating'),
    kam: text('kam'),
    farmer: text('farmer'),
    accountant: text('accountant'),
    workflowStatus: text('workflow_status').notNull().default('REGISTERED'),
    mdpStatus: text('mdp_status').notNull().default('inactive'),
    billingStatus: text('billing_status').notNull().default('inactive'),
    urlSlug: text('url_slug'),
    /** The partner's logo: a stored file (kind 'partner-logo') of this partner, decoded and checked on upload. */
    logoFileId: uuid('logo_file_id'),
    /** The operator who runs this partner's onboarding (spec Partner.onboarding); shown in cockpit grids. */
    onboarding: text('onboarding'),
    country: text('country').notNull(),
    note: text('note'),
    /**
     * Set on a sandbox (issue 20): the shadow partner whose test products and orders the REST API's sandbox
     * client ids act on; it names the live partner. Nobody is linked to it and no operator list shows it
     * (`livePartner`).
     */
    sandboxOf: integer('sandbox_of').references((): AnyPgColumn => partners.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partners_sandbox_of_uq').on(t.sandboxOf).where(sql`${t.sandboxOf} is not null`),
    index('partners_shop_id_idx').on(t.shopId, t.id),
    index('partners_workflow_idx').on(t.workflowStatus, t.id),
    index('partners_name_idx').on(sql`lower(${t.partnerName})`),
    index('partners_sap_id_idx').on(t.sapId),
    // The operator home's self-billing queue (migration 0055).
    index('partners_billing_requested_idx')
      .on(t.id)
      .where(sql`${t.billingStatus} = 'requested' and ${t.sandboxOf} is null`),
  ],
);

/** Real partners only: every list or count of partners an operator or a job reads leaves sandboxes out. */
export const livePartner = isNull(partners.sandboxOf);

/** Which accounts belong to which partner; exactly one master per partner. */
export const accountPartners = pgTable(
  'account_partners',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    isMaster: boolean('is_master').notNull().default(false),
    /** The partner the server selects when the client names none. */
    isDefault: boolean('is_default').notNull().default(false),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.accountId] }), index('account_partners_account_idx').on(t.accountId)],
);

/**
 * The contract data of a partner (registration step 2, onboarding step 1, later the partner info tab).
 * `companyId` is the spec's `in` (registration number).
 */
export const partnerContracts = pgTable('partner_contracts', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  company: text('company').notNull().default(''),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  companyId: text('company_id').notNull().default(''),
  vatId: text('vat_id').notNull().default(''),
  bankAccount: text('bank_account').notNull().default(''),
  street: text('street').notNull().default(''),
  city: text('city').notNull().default(''),
  /** Country code (ISO 3166-1 alpha-2) of the seat. */
  state: text('state').notNull().default(''),
  zip: text('zip').notNull().default(''),
  web: text('web').notNull().default(''),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});

/** Addresses of a partner; `types` holds ADDRESS_TYPES values (rules in the domain, grid in the partner area). */
export const partnerAddresses = pgTable(
  'partner_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    street: text('street').notNull(),
    city: text('city').notNull(),
    /** Country code (ISO 3166-1 alpha-2). */
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    types: text('types').array().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_addresses_partner_idx').on(t.partnerId, t.id)],
);

/** Contact people of a partner; `roles` holds CONTACT_GROUPS values (business roles, not access rights). */
export const partnerContacts = pgTable(
  'partner_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    roles: text('roles').array().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_contacts_partner_idx').on(t.partnerId, t.id)],
);

/**
 * Delivery methods a partner offers (the spec's Delivery entity, the core of it): onboarding step 3 reads
 * and writes them; the deliveries area builds on the same rows. Prices in the shop's currency.
 */
export const partnerDeliveries = pgTable(
  'partner_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** The partner's own method code (A–Z a–z 0–9 _ . -), unique per partner; orders name their method by it. */
    code: text('code').notNull(),
    title: text('title').notNull(),
    /** The carrier code (spec section 8 transports) of the market's available transports that carries it. */
    transport: text('transport').notNull(),
    deliveryKind: text('delivery_kind').notNull().default('deposit').$type<'deposit' | 'pickup'>(),
    priority: integer('priority').notNull().default(0),
    packageSize: text('package_size').$type<'SMALLBOX' | 'BIGBOX'>(),
    /** Parcel bounds the method accepts, in cm and kg; null = no bound on that side. */
    minHeight: numeric('min_height', { precision: 8, scale: 1, mode: 'number' }),
    maxHeight: numeric('max_height', { precision: 8, scale: 1, mode: 'number' }),
    minWidth: numeric('min_width', { precision: 8, scale: 1, mode: 'number' }),
    maxWidth: numeric('max_width', { precision: 8, scale: 1, mode: 'number' }),
    minLength: numeric('min_length', { precision: 8, scale: 1, mode: 'number' }),
    maxLength: numeric('max_length', { precision: 8, scale: 1, mode: 'number' }),
    minWeight: numeric('min_weight', { precision: 8, scale: 3, mode: 'number' }),
    maxWeight: numeric('max_weight', { precision: 8, scale: 3, mode: 'number' }),
    /** Last hand-over time per weekday ('HH:mm'), null or missing = no pickup that day. */
    closeTimes: jsonb('close_times')
      .notNull()
      .default({})
      .$type<Partial<Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', string | null>>>(),
    pricing: text('pricing').notNull().default('FIXED').$type<'FIXED' | 'PRICE_LEVELS' | 'WEIGHT_LEVELS'>(),
    /** Sorted by limit, strictly increasing; the limit is the order total (PRICE_LEVELS) or the weight in kg. */
    priceLevels: jsonb('price_levels').notNull().default([]).$type<{ limit: number; price: number }[]>(),
    mdpAllowed: boolean('mdp_allowed').notNull().default(false),
    mallDeliveryType: text('mall_delivery_type').$type<'classic' | 'spectrum'>(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    codPrice: numeric('cod_price', { precision: 12, scale: 2, mode: 'number' }),
    freeLimit: numeric('free_limit', { precision: 12, scale: 2, mode: 'number' }),
    deliveryDelay: integer('delivery_delay').notNull().default(1),
    isPickupPoint: boolean('is_pickup_point').notNull().default(false),
    active: boolean('active').notNull().default(true),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partner_deliveries_code_uq').on(t.partnerId, t.code)],
);

/**
 * Documents of a partner (spec Document): the file lives in the file storage (`stored_files`, kind
 * 'partner-document', kept for good); a delete only marks the row, so the history of who uploaded and who
 * removed what stays.
 */
export const partnerDocuments = pgTable(
  'partner_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').notNull(),
    /** PARTNER_DOCUMENT_TYPES: AGREEMENT_SB, AMENDMENT, CONTRACT, OTHER, SLA_DOCUMENTATION. */
    documentType: text('document_type').notNull(),
    title: text('title').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    uploadedBy: integer('uploaded_by').references(() => accounts.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    deletedBy: integer('deleted_by').references(() => accounts.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('partner_documents_partner_idx').on(t.partnerId, t.id)],
);

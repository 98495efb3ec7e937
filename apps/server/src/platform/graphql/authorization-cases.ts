import type { Action, CockpitAction, CockpitArea, Resource } from '@pp/domain';

/**
 * What every GraphQL operation promises about access, written out by hand: who may call it, and what it
 * answers when a caller names another partner's record while its header names its own partner. The cases are
 * in authorization-cases-shop.ts and authorization-cases-platform.ts; the walk in authorization.test.ts reads
 * the operations from the server and fails for one without a case, so a new operation cannot ship without
 * deciding both.
 */

/** Another partner's records (the Czech demo shop's), for a caller acting for the Slovak shop. */
export interface Fixtures {
  order: string;
  product: string;
  address: string;
  contact: string;
  delivery: string;
  document: string;
  conversation: string;
  webhook: string;
  apiKey: string;
  sandbox: string;
  notification: string;
  savedView: string;
  exportRun: string;
  /** A billing export of the Czech shop's master account. */
  billingExport: string;
  /** The import (its id) under which a price change of the Czech shop waits for confirmation. */
  priceHold: string;
  /** A category path of the Czech shop's Heureka feed. */
  heurekaCategory: string;
  /** A PARAM name of that category, one of its values, and a MANUFACTURER of the Czech shop's Heureka feed. */
  heurekaParam: string;
  heurekaParamValue: string;
  heurekaBrand: string;
  /** A box override of the Czech shop's Heureka feed. */
  heurekaBoxOverride: string;
  /** The Czech shop's MALL product feed and one finished run of it. */
  mallFeed: string;
  mallFeedRun: string;
  heurekaFeed: string;
  heurekaFeedRun: string;
  /** The Czech shop's master account, a member of no other demo shop. */
  account: string;
  /** An invitation the Czech shop sent. */
  invitation: string;
  /** The content of the Czech shop's business terms in force. */
  termsContent: string;
  /** A demo campaign of the Czech shop alone, and an import of the Czech shop's file for it. */
  campaign: string;
  campaignImport: string;
  /** A billing document of the Czech shop (the demo's billed months) and the number of one of its offsets. */
  invoice: string;
  offsetNumber: string;
  /** A published portal dialog of the Czech market alone. */
  portalDialog: string;
  /** A passkey of the Czech shop's master account. */
  passkey: string;
}

export type Access =
  /** Anybody, signed in or not. */
  | 'public'
  /** Any signed-in account, about itself. */
  | 'account'
  /** Any member of the selected partner, whatever its permissions. */
  | 'member'
  /** The selected partner's master account only. */
  | 'master'
  /** An operator acting as such, never one signed in as a partner. */
  | 'operator'
  /** An operator acting as such whose roles allow the action in the cockpit's area (domain `operatorPolicies`). */
  | `operator:${CockpitArea}.${CockpitAction}`
  /** The account's permission for the selected partner. */
  | `${Resource}.${Action}`
  /** Either of two permissions for the selected partner (a setting shown in two areas). */
  | `${Resource}.${Action}|${Resource}.${Action}`;

export interface ForeignCall {
  document: string;
  variables: (f: Fixtures) => Record<string, unknown>;
  /** The refusal's code, or the whole data of a list or bulk operation that skips the record. */
  answer: string | ((f: Fixtures) => Record<string, unknown>);
}

export interface OperationCase {
  access: Access;
  /** The call with another partner's record, or why the operation names no partner's record. */
  foreign: ForeignCall | { none: string };
  /** A document reaching the permission check, where the generated one does not (it names no real kind). */
  sample?: string;
}

export const NO_ID = { none: 'names no record: it works on the selected partner or the caller' };
export const OPERATOR = { none: 'an operator names any partner' };
export const PUBLIC = { none: 'public' };
export const INVITATION_LINK = {
  none: 'names an invitation by the secret of its link, sent to the invited address only',
};
export const SHARED = { none: 'the catalogue and the terms are shared by all partners' };

export const call = (
  document: string,
  variables: ForeignCall['variables'],
  answer: ForeignCall['answer'],
): ForeignCall => ({
  document,
  variables,
  answer,
});

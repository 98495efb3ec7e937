import type {
  Action,
  CockpitAction,
  CockpitArea,
  FeatureFlags,
  Language,
  OperatorRole,
  Policy,
  Resource,
} from '@pp/domain';
import type { PartnerSummary } from '../modules/partner/service';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db, DbOrTx } from './db/client';
import type { Actor } from './audit/service';
import type { AuthCache } from './auth-cache';
import type { FiguresCache } from './figures-cache';
import type { Jobs } from './jobs';
import type { MailTransport } from './mail/transport';
import type { StreamHub } from './stream/hub';

/** The long-lived parts of one server process, shared by every request and job. */
export interface Platform {
  config: Config;
  database: Database;
  stream: StreamHub;
  jobs: Jobs;
  mail: MailTransport;
  /** Sessions, partners and policies per process for a few seconds; `changed` forgets them everywhere. */
  authCache: AuthCache;
  /** Figures that may be a few seconds old (dashboard counts), per process. */
  figures: FiguresCache;
  log: FastifyBaseLogger;
  /** Sessions that ended (logout, reset, revocation): their sockets close and caches forget them, in every process. */
  sessionsEnded(sessionIds: number[]): Promise<void>;
}

/** The signed-in caller, as resolved from the session token. */
export interface Auth {
  sessionId: number;
  account: {
    id: number;
    email: string;
    firstName: string;
    lastName: string;
    lang: string;
    isConfirmed: boolean;
    isAdmin: boolean;
    /** The operator's roles (empty for a partner's account). */
    operatorRoles: OperatorRole[];
  };
  /** Set while an operator is signed in as a partner: the operator, with its roles. */
  admin: { id: number; email: string; operatorRoles: OperatorRole[] } | null;
  /** An impersonation that may only look (the operator's roles do not let it change a partner's data). */
  readOnly: boolean;
  /** The only partner an impersonation session may act for. */
  boundPartnerId: number | null;
  expiresAt: Date;
  /** When the session's second factor was proved (issue 24); null or absent: the first factor alone. */
  secondFactorAt?: Date | null;
  /** An account that must have two-factor sign-in and has none: the session may only enrol. */
  twoFactorEnrolmentRequired?: boolean;
}

/** What a partner-scoped operation may rely on after its permission check. */
export interface PartnerAccess {
  partnerId: number;
  policies: Policy[];
  isMaster: boolean;
}

/**
 * Built once per request by the platform: the caller, the selected partner, the language and the
 * database. Services take it as their first argument and call `require…` before they read or write.
 */
export interface RequestContext {
  platform: Platform;
  db: Db;
  lang: Language;
  requestId: string;
  ip: string;
  userAgent: string | null;
  token: string | null;
  /** The partner named by the x-partner-id header, if any. */
  requestedPartnerId: number | null;
  auth: Auth | null;
  log: FastifyBaseLogger;
  flags(): Promise<FeatureFlags>;
  /** The partners the caller may act for (cached for a few seconds per session). */
  reachablePartners(): Promise<PartnerSummary[]>;
  /** The caller's policies for one of those partners (cached likewise). */
  policiesFor(partner: PartnerSummary): Promise<Policy[]>;
  /** A value of the caller's session, cached per process like the session and forgotten with it. */
  sessionCached<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Refuses anonymous callers (AUTHENTICATION_ERROR). */
  requireAuth(): Auth;
  /** Refuses anyone but an operator acting as such (not while impersonating). */
  requireAdmin(): Auth;
  /** Refuses anyone but an operator acting as such whose roles allow `action` in the cockpit's `area`. */
  requireOperator(area: CockpitArea, action?: CockpitAction): Auth;
  /** Checks that the caller may act for the selected partner at all (membership, any permission). */
  requirePartner(): Promise<PartnerAccess>;
  /** Checks the caller's permission for the selected partner and returns that partner's access. */
  require(resource: Resource, action?: Action): Promise<PartnerAccess>;
  /** Queues a job inside the command's transaction: it exists only if the change commits. */
  enqueue<T extends object>(tx: DbOrTx, name: string, data: T): Promise<string | null>;
  /** The actor recorded in the audit trail for changes made in this request. */
  actor(partnerId?: number | null): Actor;
}

import {
  type ApiDomain,
  APPLICATION_WRITE_INTERVAL_MS,
  APPLICATIONS_PER_KEY,
  applicationHeaderValue,
  connectionTypesTurnedApi,
  integrationKindSchema,
  OFFER_API_DOMAINS,
  type ProviderType,
} from '@pp/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { Platform, RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { accountPartners, partners } from '../partner/tables';
import { apiKeyApplications } from './tables';

/**
 * What the partner's integration is (issue 20, points 1 and 9): the platform the partner says it connects from
 * (its integration kind, `partners.plugin_provider`), the applications its API keys announce in the
 * X-Application-* headers, and the connection type that follows real API traffic.
 */

export interface ApplicationSeen {
  name: string;
  version: string;
  tag: string;
}

export interface KeyApplication extends ApplicationSeen {
  keyId: number;
  partnerId: number;
  firstSeen: Date;
  lastSeen: Date;
}

/** The application a request announces; '' for a header it does not send. */
export function applicationOf(headers: Record<string, string | string[] | undefined>): ApplicationSeen {
  return {
    name: applicationHeaderValue(headers['x-application-name']),
    version: applicationHeaderValue(headers['x-application-version']),
    tag: applicationHeaderValue(headers['x-application-tag']),
  };
}

/** The v1 client as the recorder needs it: a live key (a sandbox client has no key of the partner's). */
export interface RecordedClient {
  keyId: number;
  partnerId: number;
  sandbox?: unknown;
}

export interface IntegrationRecorder {
  /**
   * Called on every authenticated v1 request; costs a map lookup. A write follows only when this process sees
   * a key's application for the first time or last wrote it a minute ago or more, or has not yet made the
   * partner's connection type follow this kind of traffic; it runs beside the request, never in its way.
   */
  seen(client: RecordedClient, application: ApplicationSeen, domain: ApiDomain): void;
  /** Waits for the writes in flight (tests, shutdown). */
  flush(): Promise<void>;
}

/** Past this many remembered entries a memory starts over: each is then written once more, no harm done. */
const REMEMBERED = 20_000;

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= REMEMBERED) map.clear();
  map.set(key, value);
}

export function createIntegrationRecorder(platform: Platform): IntegrationRecorder {
  const written = new Map<string, number>();
  /** How far this process has made each key's partner's connection type follow its traffic. */
  const followed = new Map<number, 'any' | 'offer'>();
  /** New applications written per key in the current minute: a client inventing one per request stops here. */
  const fresh = new Map<number, { since: number; count: number }>();
  const inFlight = new Set<Promise<void>>();

  const run = (work: () => Promise<void>) => {
    const done: Promise<void> = work()
      .catch((err) => platform.log.error({ err }, 'recording the api application failed'))
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };

  /** Whether the application is due a write now, counting it as written. */
  const applicationDue = (client: RecordedClient, application: ApplicationSeen, now: number): boolean => {
    const key = `${client.keyId}\u0000${application.name}\u0000${application.version}\u0000${application.tag}`;
    const last = written.get(key);
    if (last !== undefined && now - last < APPLICATION_WRITE_INTERVAL_MS) return false;
    if (last === undefined) {
      const window = fresh.get(client.keyId);
      if (window && now - window.since < APPLICATION_WRITE_INTERVAL_MS) {
        if (window.count >= APPLICATIONS_PER_KEY) return false;
        window.count += 1;
      } else {
        remember(fresh, client.keyId, { since: now, count: 1 });
      }
      platform.log.info({ apiKeyId: client.keyId, partnerId: client.partnerId, application }, 'api v1 application');
    }
    remember(written, key, now);
    return true;
  };

  /** Whether the connection type still has to follow this traffic in this process (once per key and kind). */
  const followDue = (client: RecordedClient, offer: boolean): boolean => {
    const done = followed.get(client.keyId);
    if (done === 'offer' || (done === 'any' && !offer)) return false;
    remember(followed, client.keyId, offer ? 'offer' : 'any');
    return true;
  };

  return {
    seen(client, application, domain) {
      if (client.sandbox) return;
      const offer = OFFER_API_DOMAINS.includes(domain);
      const write = applicationDue(client, application, Date.now());
      const follow = followDue(client, offer);
      if (!write && !follow) return;
      run(() => record(platform, client, write ? application : null, follow ? { offer } : null));
    },
    async flush() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

async function record(
  platform: Platform,
  client: RecordedClient,
  application: ApplicationSeen | null,
  follow: { offer: boolean } | null,
): Promise<void> {
  const changedConnection = await platform.database.db.transaction(async (tx) => {
    if (application) await writeApplication(tx, client, application);
    return follow ? followConnectionType(tx, client, follow.offer) : false;
  });
  if (changedConnection) await announcePartnerChange(platform, client.partnerId);
}

async function writeApplication(tx: DbOrTx, client: RecordedClient, application: ApplicationSeen): Promise<void> {
  const [row] = rowsOf<{ inserted: boolean }>(
    await tx.execute(sql`
      insert into ${apiKeyApplications} (key_id, partner_id, name, version, tag)
      values (${client.keyId}, ${client.partnerId}, ${application.name}, ${application.version}, ${application.tag})
      on conflict (key_id, name, version, tag) do update set last_seen = now()
      returning (xmax = 0) as inserted`),
  );
  // A new application of the key: only the ones seen last are kept, so a key's list stays short.
  if (row?.inserted) {
    await tx.execute(sql`
      delete from ${apiKeyApplications} a
      where a.key_id = ${client.keyId} and (a.name, a.version, a.tag) not in (
        select name, version, tag from ${apiKeyApplications}
        where key_id = ${client.keyId} order by last_seen desc limit ${APPLICATIONS_PER_KEY})`);
  }
}

/**
 * The connection type follows real traffic (domain `connectionTypesTurnedApi`). Asked once per key, kind of
 * traffic and process, so it is one conditional statement, not a write per request; a change is in the
 * partner's audit trail.
 */
async function followConnectionType(tx: DbOrTx, client: RecordedClient, offer: boolean): Promise<boolean> {
  const following = connectionTypesTurnedApi(offer).filter((t): t is ProviderType => t !== null);
  const [changed] = rowsOf<{ before: string | null }>(
    await tx.execute(sql`
      with before as (select id, provider from ${partners} where id = ${client.partnerId} for update)
      update ${partners} p set provider = 'API', updated = now()
      from before
      where p.id = before.id
        and (before.provider is null or before.provider in (${sql.join(
          following.map((t) => sql`${t}`),
          sql`, `,
        )}))
      returning before.provider as before`),
  );
  if (!changed) return false;
  await recordAudit(
    tx,
    { accountId: null, adminAccountId: null, partnerId: client.partnerId, requestId: null },
    {
      action: 'partner.connection',
      entity: 'partner',
      entityId: client.partnerId,
      data: { from: changed.before, to: 'API', reason: 'apiTraffic', apiKeyId: client.keyId, offer },
    },
  );
  return true;
}

/** The sessions of the partner's accounts carry its connection type: they forget their cached copy. */
async function announcePartnerChange(platform: Platform, partnerId: number): Promise<void> {
  const members = await platform.database.db
    .select({ accountId: accountPartners.accountId })
    .from(accountPartners)
    .where(eq(accountPartners.partnerId, partnerId));
  if (members.length) await platform.authCache.changed({ accounts: members.map((m) => m.accountId) });
}

/** Onboarding step 3: the platform the partner's integration connects from (null: not said). */
export async function setIntegrationKind(ctx: RequestContext, kind: string | null): Promise<string | null> {
  const { partnerId } = await ctx.require('partner', 'update');
  const parsed = integrationKindSchema.safeParse({ kind });
  if (!parsed.success) throw validationError(parsed.error);
  const next = parsed.data.kind;
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ kind: partners.pluginProvider })
      .from(partners)
      .where(eq(partners.id, partnerId))
      .for('update');
    if ((before?.kind ?? null) === next) return;
    await tx.update(partners).set({ pluginProvider: next, updated: new Date() }).where(eq(partners.id, partnerId));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'partner.integration',
      entity: 'partner',
      entityId: partnerId,
      data: { from: before?.kind ?? null, to: next },
    });
  });
  return next;
}

export async function integrationKind(ctx: RequestContext): Promise<string | null> {
  const { partnerId } = await ctx.require('partner', 'read');
  const [row] = await ctx.db.select({ kind: partners.pluginProvider }).from(partners).where(eq(partners.id, partnerId));
  return row?.kind ?? null;
}

function toApplication(row: typeof apiKeyApplications.$inferSelect): KeyApplication {
  return {
    keyId: row.keyId,
    partnerId: row.partnerId,
    name: row.name,
    version: row.version,
    tag: row.tag,
    firstSeen: row.firstSeen,
    lastSeen: row.lastSeen,
  };
}

/** The applications each of the selected partner's keys announced, newest first (one read per request). */
export async function keyApplications(ctx: RequestContext): Promise<Map<number, KeyApplication[]>> {
  const { partnerId } = await ctx.require('apiLimit', 'read');
  const rows = await ctx.db
    .select()
    .from(apiKeyApplications)
    .where(eq(apiKeyApplications.partnerId, partnerId))
    .orderBy(desc(apiKeyApplications.lastSeen));
  const byKey = new Map<number, KeyApplication[]>();
  for (const row of rows) {
    const list = byKey.get(row.keyId) ?? [];
    list.push(toApplication(row));
    byKey.set(row.keyId, list);
  }
  return byKey;
}

/** Operators: the application each partner's integration announced last, over all its keys. */
export async function lastApplications(
  ctx: RequestContext,
  partnerIds: readonly number[],
): Promise<Map<number, KeyApplication>> {
  ctx.requireOperator('api', 'read');
  if (partnerIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectDistinctOn([apiKeyApplications.partnerId])
    .from(apiKeyApplications)
    .where(and(inArray(apiKeyApplications.partnerId, [...partnerIds])))
    .orderBy(apiKeyApplications.partnerId, desc(apiKeyApplications.lastSeen));
  return new Map(rows.map((r) => [r.partnerId, toApplication(r)]));
}

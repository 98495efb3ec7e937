import type { RequestContext } from '../../platform/context';
import { builder } from '../../platform/graphql/builder';
import { CockpitPartnerRef } from '../cockpit/graphql';
import { ApiKeyRef, CockpitApiLimitRef } from './graphql';
import {
  integrationKind,
  type KeyApplication,
  keyApplications,
  lastApplications,
  setIntegrationKind,
} from './integrations';

const orNull = (value: string) => (value === '' ? null : value);

const ApiKeyApplicationRef = builder.objectRef<KeyApplication>('ApiKeyApplication').implement({
  description: 'An application an API key was used by, as its X-Application-Name/-Version/-Tag headers named it.',
  fields: (t) => ({
    name: t.string({ nullable: true, resolve: (a) => orNull(a.name) }),
    version: t.string({ nullable: true, resolve: (a) => orNull(a.version) }),
    tag: t.string({ nullable: true, resolve: (a) => orNull(a.tag) }),
    firstSeen: t.expose('firstSeen', { type: 'DateTime' }),
    lastSeen: t.expose('lastSeen', {
      type: 'DateTime',
      description: 'Kept to the minute: the server writes it at most once a minute per process.',
    }),
  }),
});

/** One read of the partner's key applications per request, however many keys the list shows. */
const keyApplicationsOfRequest = new WeakMap<RequestContext, ReturnType<typeof keyApplications>>();

function applicationsOfKey(ctx: RequestContext, keyId: number): Promise<KeyApplication[]> {
  let all = keyApplicationsOfRequest.get(ctx);
  if (!all) {
    all = keyApplications(ctx);
    keyApplicationsOfRequest.set(ctx, all);
  }
  return all.then((byKey) => byKey.get(keyId) ?? []);
}

/** The rows of one grid page ask together: one read for the page, not one per row. */
const pendingPartners = new WeakMap<RequestContext, { ids: Set<number>; read: Promise<Map<number, KeyApplication>> }>();

function lastApplicationOf(ctx: RequestContext, partnerId: number): Promise<KeyApplication | null> {
  let batch = pendingPartners.get(ctx);
  if (!batch) {
    const ids = new Set<number>();
    const read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      pendingPartners.delete(ctx);
      return lastApplications(ctx, [...ids]);
    });
    batch = { ids, read };
    pendingPartners.set(ctx, batch);
  }
  batch.ids.add(partnerId);
  return batch.read.then((byPartner) => byPartner.get(partnerId) ?? null);
}

builder.objectField(ApiKeyRef, 'applications', (t) =>
  t.field({
    type: [ApiKeyApplicationRef],
    description: 'The applications the key was used by, last seen first (at most 20).',
    resolve: (key, _, ctx) => applicationsOfKey(ctx, key.id),
  }),
);

for (const ref of [CockpitPartnerRef, CockpitApiLimitRef]) {
  builder.objectField(ref as typeof CockpitPartnerRef, 'apiApplication', (t) =>
    t.field({
      type: ApiKeyApplicationRef,
      nullable: true,
      description: "The application the partner's API keys were used by last.",
      resolve: (row, _, ctx) => lastApplicationOf(ctx, Number(row.id)),
    }),
  );
}

builder.queryField('integrationKind', (t) =>
  t.string({
    nullable: true,
    description: 'The platform the selected partner connects from (INTEGRATION_KINDS of the domain), or null.',
    resolve: (_, __, ctx) => integrationKind(ctx),
  }),
);

builder.mutationField('setIntegrationKind', (t) =>
  t.string({
    nullable: true,
    description: 'Onboarding step 3: says which platform the partner connects from (null: not said).',
    args: { kind: t.arg.string() },
    resolve: (_, args, ctx) => setIntegrationKind(ctx, args.kind ?? null),
  }),
);

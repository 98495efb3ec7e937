import type { GridPage } from '@pp/domain';
import { builder, GridInput } from '../../platform/graphql/builder';
import { listWebhookLogs, type WebhookLogRow } from './logs';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  reenableWebhook,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
  type WebhookTestResult,
  type WebhookFailure,
  type WebhookReenabled,
  type WebhookView,
  type WebhookWithSecret,
} from './service';

export const WebhookFailureRef = builder.objectRef<WebhookFailure>('WebhookFailure').implement({
  description: 'The newest failed delivery attempt of a broken webhook: why it broke.',
  fields: (t) => ({
    at: t.expose('at', { type: 'DateTime' }),
    responseCode: t.exposeInt('responseCode', { nullable: true }),
    isTimeout: t.exposeBoolean('isTimeout'),
    err: t.exposeString('err', { nullable: true }),
  }),
});

const WebhookRef = builder.objectRef<WebhookView>('Webhook').implement({
  description: 'A URL the selected partner receives one kind of event at, signed with its own secret.',
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    event: t.exposeString('event'),
    isEnabled: t.exposeBoolean('isEnabled'),
    status: t.exposeString('status', { description: 'OK, or BROKEN after repeated failed deliveries.' }),
    failedInRow: t.exposeInt('failedInRow'),
    brokenAt: t.expose('brokenAt', { type: 'DateTime', nullable: true }),
    created: t.expose('created', { type: 'DateTime' }),
    updated: t.expose('updated', { type: 'DateTime' }),
    lastAttemptAt: t.expose('lastAttemptAt', { type: 'DateTime', nullable: true }),
    lastAttemptSent: t.exposeBoolean('lastAttemptSent', { nullable: true }),
    state: t.exposeString('state', {
      description: 'ENABLED, DISABLED, or BROKEN (enabled, but given up after repeated failed deliveries).',
    }),
    lastFailure: t.field({ type: WebhookFailureRef, nullable: true, resolve: (w) => w.lastFailure }),
  }),
});

const WebhookWithSecretRef = builder.objectRef<WebhookWithSecret>('WebhookWithSecret').implement({
  fields: (t) => ({
    webhook: t.field({ type: WebhookRef, resolve: (r) => r.webhook }),
    secret: t.exposeString('secret', { description: 'The signing secret, shown only in this answer.' }),
  }),
});

const WebhookTestResultRef = builder.objectRef<WebhookTestResult>('WebhookTestResult').implement({
  fields: (t) => ({
    sent: t.exposeBoolean('sent'),
    responseCode: t.exposeInt('responseCode', { nullable: true }),
    isTimeout: t.exposeBoolean('isTimeout'),
    timing: t.exposeInt('timing'),
    err: t.exposeString('err', { nullable: true }),
  }),
});

export const WebhookReenabledRef = builder.objectRef<WebhookReenabled>('WebhookReenabled').implement({
  fields: (t) => ({
    webhook: t.field({ type: WebhookRef, resolve: (r) => r.webhook }),
    attempt: t.field({ type: WebhookTestResultRef, resolve: (r) => r.attempt }),
  }),
});

const WebhookLogRef = builder.objectRef<WebhookLogRow>('WebhookLog').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    deliveryId: t.exposeID('deliveryId'),
    event: t.exposeString('event'),
    attempt: t.exposeInt('attempt'),
    timestamp: t.expose('timestamp', { type: 'DateTime' }),
    sent: t.exposeBoolean('sent'),
    responseCode: t.exposeInt('responseCode', { nullable: true }),
    isTimeout: t.exposeBoolean('isTimeout'),
    timing: t.exposeInt('timing', { description: 'Milliseconds from the request to the answer or failure.' }),
    err: t.exposeString('err', { nullable: true }),
  }),
});

const WebhookLogPageRef = builder.objectRef<GridPage<WebhookLogRow>>('WebhookLogPage').implement({
  fields: (t) => ({
    items: t.field({ type: [WebhookLogRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

const WebhookInput = builder.inputType('WebhookInput', {
  fields: (t) => ({
    url: t.string({ required: true }),
    event: t.string({ required: true }),
    isEnabled: t.boolean({ required: true }),
  }),
});

builder.queryFields((t) => ({
  webhooks: t.field({
    type: [WebhookRef],
    description: "The selected partner's webhooks.",
    resolve: (_, __, ctx) => listWebhooks(ctx),
  }),
  webhook: t.field({
    type: WebhookRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, { id }, ctx) => getWebhook(ctx, String(id)),
  }),
  webhookLogs: t.field({
    type: WebhookLogPageRef,
    description: "A webhook's delivery attempts, newest first; times out after 10 seconds.",
    args: { webhookId: t.arg.id({ required: true }), grid: t.arg({ type: GridInput }) },
    resolve: (_, { webhookId, grid }, ctx) => listWebhookLogs(ctx, String(webhookId), grid),
  }),
}));

builder.mutationFields((t) => ({
  webhookCreate: t.field({
    type: WebhookWithSecretRef,
    args: { data: t.arg({ type: WebhookInput, required: true }) },
    resolve: (_, { data }, ctx) => createWebhook(ctx, data),
  }),
  webhookUpdate: t.field({
    type: WebhookRef,
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: WebhookInput, required: true }) },
    resolve: (_, { id, data }, ctx) => updateWebhook(ctx, String(id), data),
  }),
  webhookDelete: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, { id }, ctx) => deleteWebhook(ctx, String(id)),
  }),
  webhookRotateSecret: t.field({
    type: WebhookWithSecretRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, { id }, ctx) => rotateWebhookSecret(ctx, String(id)),
  }),
  webhookTest: t.field({
    type: WebhookTestResultRef,
    description: 'Sends a PING to the webhook now; a broken one is reactivated first.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, { id }, ctx) => testWebhook(ctx, String(id)),
  }),
  webhookReenable: t.field({
    type: WebhookReenabledRef,
    description: 'Enables a broken or disabled webhook, forgets its failures and sends it a PING at once.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, { id }, ctx) => reenableWebhook(ctx, String(id)),
  }),
}));

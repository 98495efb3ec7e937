import { graphql, type ResultOf } from '../../graphql/graphql';

export const WEBHOOK_KEYS = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  logs: (id: string) => ['webhooks', 'logs', id] as const,
};

export const WebhooksQuery = graphql(`
  query Webhooks {
    webhooks {
      id url event isEnabled status failedInRow brokenAt lastAttemptAt lastAttemptSent
      state lastFailure { at responseCode isTimeout err }
    }
  }
`);
export type WebhookRow = ResultOf<typeof WebhooksQuery>['webhooks'][number];

export const WebhookQuery = graphql(`
  query Webhook($id: ID!) {
    webhook(id: $id) { id url event isEnabled status state lastFailure { at responseCode isTimeout err } }
  }
`);

export const CreateWebhookMutation = graphql(`
  mutation WebhookCreate($data: WebhookInput!) {
    webhookCreate(data: $data) { secret webhook { id url } }
  }
`);

export const UpdateWebhookMutation = graphql(`
  mutation WebhookUpdate($id: ID!, $data: WebhookInput!) {
    webhookUpdate(id: $id, data: $data) { id status }
  }
`);

export const DeleteWebhookMutation = graphql(`
  mutation WebhookDelete($id: ID!) { webhookDelete(id: $id) }
`);

export const RotateWebhookSecretMutation = graphql(`
  mutation WebhookRotateSecret($id: ID!) {
    webhookRotateSecret(id: $id) { secret webhook { id url } }
  }
`);

export const TestWebhookMutation = graphql(`
  mutation WebhookTest($id: ID!) {
    webhookTest(id: $id) { sent responseCode isTimeout timing err }
  }
`);

export const ReenableWebhookMutation = graphql(`
  mutation WebhookReenable($id: ID!) {
    webhookReenable(id: $id) {
      webhook { id state }
      attempt { sent responseCode isTimeout timing err }
    }
  }
`);

export const WebhookLogsQuery = graphql(`
  query WebhookLogs($webhookId: ID!, $grid: GridInput) {
    webhookLogs(webhookId: $webhookId, grid: $grid) {
      total totalExact page perPage nextCursor
      items { id deliveryId event attempt timestamp sent responseCode isTimeout timing err }
    }
  }
`);
export type WebhookLogRow = ResultOf<typeof WebhookLogsQuery>['webhookLogs']['items'][number];

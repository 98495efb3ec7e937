import type { GridFilter } from '@pp/domain';
import { graphql, type ResultOf } from '../../graphql/graphql';

/** The operators' lists behind the home's broken webhooks and failed feeds (issue 24 point 8). */
export const COCKPIT_WEBHOOKS_KEY = ['cockpitWebhooks'] as const;
export const COCKPIT_FEEDS_KEY = ['cockpitFeeds'] as const;

/**
 * What the home's counts count, as the lists' filters (server queues.ts): hooks whose status is BROKEN, and
 * switched-on feeds whose last run FAILED. The home's links open the lists with them, the lists offer them.
 */
export const BROKEN_WEBHOOKS_FILTERS: GridFilter[] = [{ field: 'status', operator: 'IN', values: ['BROKEN'] }];
export const FAILED_FEEDS_FILTERS: GridFilter[] = [
  { field: 'enabled', operator: 'EQUAL', value: 'true' },
  { field: 'lastRunStatus', operator: 'IN', values: ['FAILED'] },
];

export const CockpitWebhooksQuery = graphql(`
  query CockpitWebhooks($grid: GridInput) {
    cockpitWebhooks(grid: $grid) {
      items {
        id
        partnerId
        partnerName
        shopId
        url
        event
        isEnabled
        status
        failedInRow
        brokenAt
        lastAttemptAt
        lastFailure {
          at
          responseCode
          isTimeout
          err
        }
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

export type CockpitWebhook = ResultOf<typeof CockpitWebhooksQuery>['cockpitWebhooks']['items'][number];

export const CockpitWebhookReenableMutation = graphql(`
  mutation CockpitWebhookReenable($id: ID!) {
    cockpitWebhookReenable(id: $id) {
      webhook {
        id
        status
      }
      attempt {
        sent
        responseCode
        isTimeout
        err
      }
    }
  }
`);

export const CockpitFeedsQuery = graphql(`
  query CockpitFeeds($grid: GridInput) {
    cockpitFeeds(grid: $grid) {
      items {
        id
        partnerId
        partnerName
        shopId
        format
        type
        url
        enabled
        scheduleMinutes
        lastRun {
          id
          feedId
          trigger
          status
          startedAt
          endedAt
          processed
          errors
          errorCode
          errorMessage
          created
        }
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

export type CockpitFeed = ResultOf<typeof CockpitFeedsQuery>['cockpitFeeds']['items'][number];

export const CockpitFeedRunMutation = graphql(`
  mutation CockpitFeedRun($id: ID!) {
    cockpitFeedRun(id: $id) {
      id
      status
    }
  }
`);

import { isOperatorAllowed, type OperatorRole } from '@pp/domain';
import { describe, expect, it } from 'vitest';
import { visibleQueues } from './OperatorHomePage';

const QUEUES = [
  { queue: 'registrations', area: 'onboarding' },
  { queue: 'brandRequests', area: 'catalog' },
  { queue: 'selfBillingRequests', area: 'billing' },
  { queue: 'unansweredMessages', area: 'messages' },
  { queue: 'brokenWebhooks', area: 'api' },
];

function shown(roles: OperatorRole[]): string[] {
  return visibleQueues(QUEUES, (area) => isOperatorAllowed(roles, area, 'update')).map((q) => q.queue);
}

describe('the operator home', () => {
  it('shows each role the queues it works', () => {
    expect(shown(['finance'])).toEqual(['selfBillingRequests']);
    expect(shown(['content'])).toEqual(['brandRequests']);
    expect(shown(['onboarding'])).toEqual(['registrations', 'unansweredMessages']);
    expect(shown(['finance', 'content'])).toEqual(['brandRequests', 'selfBillingRequests']);
    expect(shown(['administrator'])).toHaveLength(QUEUES.length);
  });

  it('shows support, who changes nothing, every queue to watch', () => {
    expect(shown(['support'])).toHaveLength(QUEUES.length);
  });
});

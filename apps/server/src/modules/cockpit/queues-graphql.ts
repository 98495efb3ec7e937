import { builder } from '../../platform/graphql/builder';
import { type CockpitQueueCount, cockpitQueues } from './queues';

const CockpitQueueCountRef = builder.objectRef<CockpitQueueCount>('CockpitQueueCount').implement({
  description: 'One queue of the operator home: what waits for a person, and the area whose update works it.',
  fields: (t) => ({
    queue: t.exposeString('queue', {
      description:
        'registrations, onboardingMoves, brandRequests, mallDeliveryRequests, selfBillingRequests, ' +
        'unansweredMessages, brokenWebhooks or failedFeeds.',
    }),
    area: t.exposeString('area', { description: 'The cockpit area whose update acts on the queue.' }),
    count: t.exposeInt('count'),
  }),
});

builder.queryFields((t) => ({
  cockpitQueues: t.field({
    type: [CockpitQueueCountRef],
    description: "Operators (partners, read): the operator home's queues, every count in one round trip.",
    resolve: (_, __, ctx) => cockpitQueues(ctx),
  }),
}));

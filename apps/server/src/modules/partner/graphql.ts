import { builder } from '../../platform/graphql/builder';
import type { PartnerSummary } from './service';

export const PartnerSummaryRef = builder.objectRef<PartnerSummary>('PartnerSummary').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    partnerName: t.exposeString('partnerName'),
    mallName: t.exposeString('mallName', { nullable: true }),
    sapId: t.exposeString('sapId', { nullable: true }),
    shopId: t.exposeString('shopId'),
    currency: t.exposeString('currency'),
    provider: t.exposeString('provider', { nullable: true }),
    mdpStatus: t.exposeString('mdpStatus'),
    workflowStatus: t.exposeString('workflowStatus'),
    billingStatus: t.exposeString('billingStatus'),
    rating: t.exposeFloat('rating', { nullable: true }),
    isDefault: t.exposeBoolean('isDefault'),
  }),
});

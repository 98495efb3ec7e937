import '../../modules/auth/graphql';
import '../../modules/auth/two-factor-graphql';
import '../../modules/cockpit/graphql';
import '../../modules/cockpit/operators-graphql';
import '../../modules/grid/graphql';
import '../../modules/home/graphql';
import '../../modules/orders/graphql';
import '../../modules/orders/orders-tools-graphql';
import '../exports/graphql';
import '../../modules/orders/grid-graphql';
import '../../modules/products/graphql';
import '../../modules/products/grid-graphql';
import '../../modules/sla/graphql';
import '../../modules/catalog/graphql';
import '../../modules/products/xml-graphql';
import '../../modules/products/price-holds-graphql';
import '../../modules/products/price-history-graphql';
import '../../modules/products/lists-graphql';
import '../../modules/analytics/graphql';
import '../../modules/onboarding/workflow-graphql';
import '../../modules/partner/settings-graphql';
import '../../modules/partner/info-graphql';
import '../../modules/account/graphql';
import '../../modules/partner/addresses-graphql';
import '../../modules/deliveries/graphql';
import '../../modules/deliveries/graphql-warehouse';
import '../../modules/deliveries/graphql-mall';
import '../../modules/deliveries/graphql-branches';
import '../../modules/deliveries/graphql-checks';
import '../../modules/terms/graphql';
import '../../modules/registration/graphql';
import '../../modules/notifications/graphql';
import '../../modules/messages/graphql';
import '../../modules/webhooks/graphql';
import '../../modules/api/graphql';
import '../../modules/api/integrations-graphql';
import '../../modules/feeds/graphql';
import '../../modules/feeds/pairing-graphql';
import '../../modules/feeds/param-pairing-graphql';
import '../../modules/feeds/overrides-graphql';
import '../../modules/feeds/heureka-graphql';
import '../../modules/partner-page/graphql';
import '../../modules/price-lists/graphql';
import '../../modules/billing/graphql';
import '../../modules/billing/cockpit-graphql';
import '../../modules/billing/export-graphql';
import '../../modules/campaigns/graphql';
import '../../modules/campaigns/import-graphql';
import '../../modules/statistics/graphql';
import '../../modules/content/graphql';
import '../../modules/cockpit/audit-view-graphql';
import '../../modules/cockpit/flags-graphql';
import '../../modules/cockpit/queues-graphql';
import '../../modules/cockpit/partner-detail-graphql';
import '../../modules/cockpit/onboarding-queue-graphql';
import '../../modules/cockpit/registrations-view-graphql';
import '../../modules/partner/service-modules-graphql';
import '../../modules/content/portal-dialog-graphql';
import '../../modules/cockpit/stream-watch-graphql';
import { builder } from './builder';

/** Operations any caller may use without a session; every other operation refuses anonymous callers. */
export const PUBLIC_OPERATIONS = [
  'Query.featureFlags',
  'Query.passwordResetLinkStatus',
  'Mutation.login',
  'Mutation.loginWithToken',
  'Mutation.loginAsAdmin',
  'Mutation.loginSecondFactor',
  'Mutation.loginPasskeyOptions',
  'Mutation.passwordResetRequest',
  'Mutation.loginLinkRequest',
  'Mutation.passwordReset',
  'Query.registrationAvailability',
  'Query.companyLookup',
  'Mutation.register',
  'Mutation.confirmRegistration',
  'Mutation.completeRegistration',
  'Query.businessTerms',
  'Query.businessTermsHistory',
  'Query.publicServices',
  'Query.publicService',
] as const;

export const schema = builder.toSchema({ sortSchema: false });

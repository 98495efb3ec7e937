import type { JobDefinition } from './platform/jobs';
import type { Platform } from './platform/context';
import { authJobs } from './modules/auth/jobs';
import { authMailRenderer, mailRenderer } from './modules/auth/mails';
import { ordersJobs } from './modules/orders/jobs';
import { intakeJobs } from './modules/deliveries/intake-jobs';
import { deliveryNoteJobs } from './modules/orders/delivery-notes';
import { statusImportJobs } from './modules/orders/import';
import { productImportJobs } from './modules/products/xml-import';
import { exportJobs } from './platform/exports/jobs';
import { filesJobs } from './platform/files/jobs';
import { productJobs } from './modules/products/jobs';
import { mailJobs } from './platform/mail/jobs';
import { workflowMailRenderers } from './modules/onboarding/mails';
import { accountMailRenderers } from './modules/account/mails';
import { notificationMailRenderers } from './modules/notifications/mails';
import { analyticsJobs } from './modules/analytics/jobs';
import { registrationMailRenderers } from './modules/registration/mails';
import { webhookJobs } from './modules/webhooks/jobs';
import { webhookMailRenderers } from './modules/webhooks/mails';
import { mallDeliveryMailRenderers } from './modules/deliveries/mall/mails';
import { branchLoadJobs } from './modules/deliveries/carriers/upload';
import { feedJobs } from './modules/feeds/jobs';
import { campaignScheduleJobs } from './modules/campaigns/schedule';
import { campaignImportJobs } from './modules/campaigns/import';
import { billingExportJobs } from './modules/billing/export';
import { billingRunJobs } from './modules/billing/run';
import { operatorMailRenderers } from './modules/cockpit/operator-mails';

/** Every area's mail templates, rendered when the mail is sent. */
export function mailRendererOf(platform: Platform) {
  return mailRenderer({
    ...authMailRenderer(platform),
    ...registrationMailRenderers(platform),
    ...workflowMailRenderers(platform),
    ...accountMailRenderers(platform),
    ...notificationMailRenderers(platform),
    ...webhookMailRenderers(platform),
    ...mallDeliveryMailRenderers(platform),
    ...operatorMailRenderers(platform),
  });
}

/** Every area's job definitions, wired once by the platform. */
export function jobDefinitions(platform: Platform): JobDefinition<never>[] {
  return [
    ...authJobs(platform),
    ...mailJobs(platform, mailRendererOf(platform)),
    ...ordersJobs(platform),
    ...intakeJobs(platform),
    ...deliveryNoteJobs(platform),
    ...statusImportJobs(platform),
    ...productImportJobs(platform),
    ...filesJobs(platform),
    ...exportJobs(platform),
    ...productJobs(platform),
    ...analyticsJobs(platform),
    ...webhookJobs(platform),
    ...branchLoadJobs(platform),
    ...feedJobs(platform),
    ...campaignImportJobs(platform),
    ...campaignScheduleJobs(platform),
    ...billingExportJobs(platform),
    ...billingRunJobs(platform),
  ] as JobDefinition<never>[];
}

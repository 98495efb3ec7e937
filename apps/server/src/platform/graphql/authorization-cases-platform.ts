import { call, INVITATION_LINK, NO_ID, OPERATOR, type OperationCase, PUBLIC } from './authorization-cases';

/** The marketplace's services, pages and questions: every partner reads the same, none is a partner's record. */
const CONTENT = { none: "the marketplace's content is shared by all partners" };

/** The cases of the platform around a shop: sign-in, registration, accounts, notifications, messages, API, cockpit. */
// An address, not a name: the URL is judged before the record is looked up, and a test resolves no names.
const WEBHOOK = { url: 'https://93.184.215.14/partner', event: 'ORDER_CREATED', isEnabled: false };

export const PLATFORM_CASES: Record<string, OperationCase> = {
  // Sign-in, session and the caller's own things.
  'Query.passwordResetLinkStatus': { access: 'public', foreign: PUBLIC },
  'Query.featureFlags': { access: 'public', foreign: PUBLIC },
  'Query.session': { access: 'account', foreign: NO_ID },
  'Query.streamToken': { access: 'account', foreign: NO_ID },
  'Mutation.login': { access: 'public', foreign: PUBLIC },
  'Mutation.loginWithToken': { access: 'public', foreign: PUBLIC },
  'Mutation.loginAsAdmin': { access: 'public', foreign: { none: 'checked by the signed remote-login link' } },
  'Mutation.logout': { access: 'account', foreign: NO_ID },
  'Mutation.passwordResetRequest': { access: 'public', foreign: PUBLIC },
  'Mutation.loginLinkRequest': { access: 'public', foreign: PUBLIC },
  'Mutation.passwordReset': { access: 'public', foreign: PUBLIC },
  'Mutation.updateProfile': { access: 'account', foreign: NO_ID },
  'Mutation.changePassword': { access: 'account', foreign: NO_ID },
  'Query.savedViews': { access: 'member', foreign: NO_ID },
  'Mutation.savedViewCreate': { access: 'member', foreign: NO_ID },
  'Mutation.savedViewDelete': {
    access: 'member',
    foreign: call('mutation($id: ID!) { savedViewDelete(id: $id) }', (f) => ({ id: f.savedView }), 'ENTITY_NOT_FOUND'),
  },
  'Query.dashboard': { access: 'partner.read', foreign: NO_ID },
  'Query.dashboardOrders': { access: 'orders.read', foreign: NO_ID },

  // Registration (public).
  'Query.registrationAvailability': { access: 'public', foreign: PUBLIC },
  'Query.companyLookup': { access: 'public', foreign: PUBLIC },
  'Mutation.register': { access: 'public', foreign: PUBLIC },
  'Mutation.confirmRegistration': { access: 'public', foreign: PUBLIC },
  'Mutation.completeRegistration': { access: 'public', foreign: PUBLIC },

  // Accounts and permissions: another partner's account is not one of this partner's.
  'Query.partnerAccounts': { access: 'accounts.read', foreign: NO_ID },
  'Mutation.addPartnerAccount': { access: 'accounts.create', foreign: NO_ID },
  'Query.partnerInvitations': { access: 'accounts.read', foreign: NO_ID },
  'Query.accountInvitation': { access: 'account', foreign: INVITATION_LINK },
  'Mutation.acceptAccountInvitation': { access: 'account', foreign: INVITATION_LINK },
  'Mutation.declineAccountInvitation': { access: 'account', foreign: INVITATION_LINK },
  'Mutation.resendAccountInvitation': {
    access: 'accounts.update',
    foreign: call(
      'mutation($id: ID!) { resendAccountInvitation(invitationId: $id) }',
      (f) => ({ id: f.invitation }),
      'ENTITY_NOT_FOUND',
    ),
  },
  'Mutation.cancelAccountInvitation': {
    access: 'accounts.delete',
    foreign: call(
      'mutation($id: ID!) { cancelAccountInvitation(invitationId: $id) }',
      (f) => ({ id: f.invitation }),
      'ENTITY_NOT_FOUND',
    ),
  },
  'Mutation.unlinkPartnerAccount': {
    access: 'accounts.delete',
    foreign: call(
      'mutation($id: ID!) { unlinkPartnerAccount(accountId: $id) }',
      (f) => ({ id: f.account }),
      'ENTITY_NOT_FOUND',
    ),
  },
  'Mutation.changeMasterAccount': {
    access: 'master',
    foreign: call(
      'mutation($id: ID!) { changeMasterAccount(accountId: $id) }',
      (f) => ({ id: f.account }),
      'ENTITY_NOT_FOUND',
    ),
  },
  'Query.accessControlAccounts': { access: 'permissions.read', foreign: NO_ID },
  'Query.accessControl': {
    access: 'permissions.read',
    foreign: call(
      'query($id: ID!) { accessControl(accountId: $id) { accountId } }',
      (f) => ({ id: f.account }),
      'ENTITY_NOT_FOUND',
    ),
  },
  'Mutation.updateAccessControl': {
    access: 'permissions.update',
    foreign: call(
      'mutation($id: ID!) { updateAccessControl(accountId: $id, policies: [{ subject: "orders", action: "read" }]) { accountId } }',
      (f) => ({ id: f.account }),
      'ENTITY_NOT_FOUND',
    ),
  },

  // Notifications.
  'Query.notificationSettings': { access: 'notifications.read', foreign: NO_ID },
  'Query.notificationContactGroups': { access: 'notifications.read', foreign: NO_ID },
  'Mutation.updateNotificationSetting': { access: 'notifications.update', foreign: NO_ID },
  'Query.partnerNotifications': { access: 'member', foreign: NO_ID },
  'Query.notificationUnreadCount': { access: 'member', foreign: NO_ID },
  'Mutation.markNotificationsRead': {
    access: 'member',
    foreign: call(
      'mutation($id: ID!) { markNotificationsRead(ids: [$id]) }',
      (f) => ({ id: f.notification }),
      () => ({ markNotificationsRead: 0 }),
    ),
  },

  // Messages.
  'Query.conversations': { access: 'messages.read', foreign: NO_ID },
  'Query.conversation': {
    access: 'messages.read',
    foreign: call(
      'query($id: ID!) { conversation(id: $id) { id } }',
      (f) => ({ id: f.conversation }),
      'CONVERSATION_NOT_FOUND',
    ),
  },
  'Query.marketplaceContacts': { access: 'member', foreign: NO_ID },
  'Mutation.messageSend': { access: 'messages.create', foreign: NO_ID },
  'Mutation.conversationReply': {
    access: 'messages.create',
    foreign: call(
      'mutation($id: ID!) { conversationReply(id: $id, data: { message: "Dobrý deň" }) { id } }',
      (f) => ({ id: f.conversation }),
      'CONVERSATION_NOT_FOUND',
    ),
  },
  'Mutation.conversationSetState': {
    access: 'messages.create',
    foreign: call(
      'mutation($id: ID!) { conversationSetState(id: $id, state: "closed") { id } }',
      (f) => ({ id: f.conversation }),
      'CONVERSATION_NOT_FOUND',
    ),
  },

  // Webhooks and the API.
  'Query.webhooks': { access: 'webhook.read', foreign: NO_ID },
  'Query.webhook': {
    access: 'webhook.read',
    foreign: call('query($id: ID!) { webhook(id: $id) { id } }', (f) => ({ id: f.webhook }), 'WEBHOOK_NOT_FOUND'),
  },
  'Query.webhookLogs': {
    access: 'webhook.read',
    foreign: call(
      'query($id: ID!) { webhookLogs(webhookId: $id) { __typename } }',
      (f) => ({ id: f.webhook }),
      'WEBHOOK_NOT_FOUND',
    ),
  },
  'Mutation.webhookCreate': { access: 'webhook.create', foreign: NO_ID },
  'Mutation.webhookUpdate': {
    access: 'webhook.update',
    foreign: call(
      'mutation($id: ID!, $data: WebhookInput!) { webhookUpdate(id: $id, data: $data) { id } }',
      (f) => ({ id: f.webhook, data: WEBHOOK }),
      'WEBHOOK_NOT_FOUND',
    ),
  },
  'Mutation.webhookDelete': {
    access: 'webhook.delete',
    foreign: call('mutation($id: ID!) { webhookDelete(id: $id) }', (f) => ({ id: f.webhook }), 'WEBHOOK_NOT_FOUND'),
  },
  'Mutation.webhookRotateSecret': {
    access: 'webhook.update',
    foreign: call(
      'mutation($id: ID!) { webhookRotateSecret(id: $id) { __typename } }',
      (f) => ({ id: f.webhook }),
      'WEBHOOK_NOT_FOUND',
    ),
  },
  'Mutation.webhookTest': {
    access: 'webhook.update',
    foreign: call(
      'mutation($id: ID!) { webhookTest(id: $id) { __typename } }',
      (f) => ({ id: f.webhook }),
      'WEBHOOK_NOT_FOUND',
    ),
  },
  'Mutation.webhookReenable': {
    access: 'webhook.update',
    foreign: call(
      'mutation($id: ID!) { webhookReenable(id: $id) { __typename } }',
      (f) => ({ id: f.webhook }),
      'WEBHOOK_NOT_FOUND',
    ),
  },
  'Query.apiKeys': { access: 'apiLimit.read', foreign: NO_ID },
  'Mutation.createApiKey': { access: 'apiLimit.create', foreign: NO_ID },
  'Mutation.revokeApiKey': {
    access: 'apiLimit.delete',
    foreign: call(
      'mutation($id: ID!) { revokeApiKey(id: $id) { id } }',
      (f) => ({ id: f.apiKey }),
      'API_KEY_NOT_FOUND',
    ),
  },
  'Query.sandboxAccounts': { access: 'sandboxAccounts.read', foreign: NO_ID },
  'Mutation.createSandboxAccount': { access: 'sandboxAccounts.create', foreign: NO_ID },
  'Mutation.deleteSandboxAccount': {
    access: 'sandboxAccounts.delete',
    foreign: call(
      'mutation($id: ID!) { deleteSandboxAccount(id: $id) }',
      (f) => ({ id: f.sandbox }),
      'API_SANDBOX_ACCOUNT_NOT_FOUND',
    ),
  },
  'Mutation.resetSandbox': { access: 'sandboxAccounts.update', foreign: NO_ID },
  'Mutation.resetSandboxSecret': {
    access: 'sandboxAccounts.update',
    foreign: call(
      'mutation($id: ID!) { resetSandboxSecret(id: $id) { __typename } }',
      (f) => ({ id: f.sandbox }),
      'API_SANDBOX_ACCOUNT_NOT_FOUND',
    ),
  },
  'Query.apiLimit': { access: 'apiLimit.read', foreign: NO_ID },

  // Services, mall-pay, financing and the help center (issue 23 point 7): the marketplace's content, shared.
  'Query.services': { access: 'member', foreign: CONTENT },
  'Query.service': { access: 'member', foreign: CONTENT },
  'Query.publicServices': { access: 'public', foreign: PUBLIC },
  'Query.publicService': { access: 'public', foreign: PUBLIC },
  'Query.contentPage': { access: 'member', foreign: CONTENT },
  'Query.faq': { access: 'member', foreign: CONTENT },
  'Mutation.financingLink': { access: 'member', foreign: NO_ID },
  'Query.cockpitServices': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitContentPages': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitFaq': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitSaveService': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitSetServiceActive': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitOrderServices': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitSaveContentPage': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitSaveFaq': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitSetFaqPublished': { access: 'operator', foreign: OPERATOR },

  // The cockpit: operators only.
  'Query.cockpitPartners': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitPartnerDeliverySettings': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitPartnerMarketplaceFlagsUpdate': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitBrandRequests': { access: 'operator', foreign: OPERATOR },
  'Mutation.brandRequestAccept': { access: 'operator', foreign: OPERATOR },
  'Mutation.brandRequestReject': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitUsage': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitWorkflow': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitChangeWorkflow': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitTerms': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitSaveTerms': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitPublishTerms': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitPriceLists': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitPriceListVersion': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitCreatePriceList': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitCreatePriceListVersion': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitSetPriceListNode': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitAssignPriceList': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitBillingRuns': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitSelfBillingRequests': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitPartnerInvoices': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitStartBillingRun': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitDecideSelfBilling': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitIssuePenalty': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitIssueCorrection': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitCampaigns': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitCampaign': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitCampaignCategories': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitCreateCampaign': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitUpdateCampaign': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitSetCampaignLocked': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitSetCampaignStatus': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitSetCampaignBlacklist': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitSetShopFee': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitConversations': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitConversation': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitConversationAnswer': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitConversationSetState': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitRemoteLoginLink': { access: 'operator', foreign: OPERATOR },
  'Mutation.cockpitBroadcast': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitMallDeliveryRequests': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitMallDelivery': { access: 'operator', foreign: OPERATOR },
  'Mutation.mallDeliveryDecide': { access: 'operator', foreign: OPERATOR },
  'Mutation.mallDeliveryDeactivate': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitBranchLoads': { access: 'operator', foreign: OPERATOR },
  'Query.apiTiers': { access: 'operator', foreign: OPERATOR },
  'Query.cockpitApiLimits': { access: 'operator', foreign: OPERATOR },
  'Mutation.setPartnerApiTier': { access: 'operator', foreign: OPERATOR },
};

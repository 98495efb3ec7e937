import { graphql, type ResultOf } from '../../../../graphql/graphql';

export const ContractQuery = graphql(`
  query Contract {
    contract {
      company firstName lastName email phone companyId vatId bankAccount street city state zip web publicTitle
    }
  }
`);
export type ContractData = ResultOf<typeof ContractQuery>['contract'];

export const SaveContractMutation = graphql(`
  mutation SaveContract($input: ContractInput!) {
    saveContract(input: $input) {
      company firstName lastName email phone companyId vatId bankAccount street city state zip web publicTitle
    }
  }
`);

export const CompanyLookupQuery = graphql(`
  query CompanyLookup($country: String!, $companyId: String!) {
    companyLookup(country: $country, companyId: $companyId) { name companyId vatId street city zip country }
  }
`);

export const ChecklistQuery = graphql(`
  query SettingsChecklist {
    checklist {
      addresses { type ok }
      contacts { type ok }
      transport
      contract
      provider
    }
  }
`);
export type ChecklistData = ResultOf<typeof ChecklistQuery>['checklist'];

export const AddressesQuery = graphql(`
  query PartnerAddresses { partnerAddresses { id street city state zip types } }
`);
export type AddressData = ResultOf<typeof AddressesQuery>['partnerAddresses'][number];

export const ContactsQuery = graphql(`
  query PartnerContacts { partnerContacts { id firstName lastName email phone roles } }
`);
export type ContactData = ResultOf<typeof ContactsQuery>['partnerContacts'][number];

export const DeliveriesQuery = graphql(`
  query PartnerDeliveries {
    partnerDeliveries { id code title price codPrice freeLimit deliveryDelay isPickupPoint }
    deliveryCarriers { code title isPickupPoint }
  }
`);
export type DeliveryData = ResultOf<typeof DeliveriesQuery>['partnerDeliveries'][number];

export const SaveDeliveryMutation = graphql(`
  mutation SaveDelivery($id: ID, $input: DeliveryInput!) {
    saveDelivery(id: $id, input: $input) { id code title price codPrice freeLimit deliveryDelay isPickupPoint }
  }
`);

export const DeleteDeliveryMutation = graphql(`
  mutation DeleteDelivery($id: ID!) { deleteDelivery(id: $id) }
`);

export const SetConnectionTypeMutation = graphql(`
  mutation SetConnectionType($provider: String!) { setConnectionType(provider: $provider) }
`);

export const IntegrationKindQuery = graphql(`
  query IntegrationKind { integrationKind }
`);

export const SetIntegrationKindMutation = graphql(`
  mutation SetIntegrationKind($kind: String) { setIntegrationKind(kind: $kind) }
`);

export const SelfBillingQuery = graphql(`
  query SelfBilling { selfBilling { offered status } }
`);

export const RequestSelfBillingMutation = graphql(`
  mutation RequestSelfBilling { requestSelfBilling { offered status } }
`);

/** Query keys of the step's data; the checklist is the workflow's and is refreshed after every change. */
export const SETTINGS_KEYS = {
  contract: ['onboarding', 'contract'],
  addresses: ['onboarding', 'addresses'],
  contacts: ['onboarding', 'contacts'],
  deliveries: ['onboarding', 'deliveries'],
  selfBilling: ['onboarding', 'selfBilling'],
  integrationKind: ['onboarding', 'integrationKind'],
  checklist: ['onboarding', 'checklist'],
} as const;

import { graphql, type ResultOf } from '../../graphql/graphql';

export const CockpitPartnerQuery = graphql(`
  query CockpitPartner($partnerId: ID!) {
    cockpitPartner(partnerId: $partnerId) {
      id
      partnerName
      mallName
      sapId
      shopId
      clientId
      country
      urlSlug
      created
      updated
      provider
      pluginProvider
      rating
      kam
      farmer
      accountant
      onboarding
      note
      mdpStatus
      billingStatus
      apiTier
      checklistDone
      checklistTotal
      checklist {
        addresses { type ok }
        contacts { type ok }
        products
        productsLive
        transport
        transportProblem
        undeliverableProducts
        contract
        terms
        provider
        productsForApprovalSent
        productsForApprovalSentWhen
      }
      lifecycleCommands
      master {
        email
        firstName
        lastName
        isConfirmed
        isActive
      }
      contract {
        company
        firstName
        lastName
        email
        phone
        companyId
        vatId
        bankAccount
        street
        city
        state
        zip
        web
      }
      registration {
        id
        created
        confirmedAt
        source
        provider
        firstName
        lastName
        email
        phone
        language
        shopName
        web
        company
        companyId
        vatId
        street
        city
        zip
        country
        annualTurnover
        salesCount
        offeredCount
        divisions
        otherDivisions
        countries
        productFeed
        availabilityFeed
        hasCarrier
      }
      workflow {
        status
        updated
        path
        ticks {
          text
          checked
        }
        availableStates
        history {
          fromStatus
          toStatus
          byOperator
          note
          created
        }
      }
    }
  }
`);

export type CockpitPartnerDetail = ResultOf<typeof CockpitPartnerQuery>['cockpitPartner'];

/** Only the partner's checklist: what the move dialog warns about before a shop goes live. */
export const CockpitPartnerChecklistQuery = graphql(`
  query CockpitPartnerChecklist($partnerId: ID!) {
    cockpitPartner(partnerId: $partnerId) {
      id
      checklist {
        addresses { type ok }
        contacts { type ok }
        products
        productsLive
        transport
        transportProblem
        undeliverableProducts
        contract
        terms
        provider
        productsForApprovalSent
        productsForApprovalSentWhen
      }
    }
  }
`);

export const CockpitPartnerLifecycleMutation = graphql(`
  mutation CockpitPartnerLifecycle($partnerId: ID!, $command: PartnerLifecycleCommand!, $note: String) {
    cockpitPartnerLifecycle(partnerId: $partnerId, command: $command, note: $note) {
      id
    }
  }
`);

export const CockpitAssignPartnerMutation = graphql(`
  mutation CockpitAssignPartner(
    $partnerId: ID!
    $kam: String
    $farmer: String
    $accountant: String
    $onboarding: String
  ) {
    cockpitAssignPartner(
      partnerId: $partnerId
      kam: $kam
      farmer: $farmer
      accountant: $accountant
      onboarding: $onboarding
    ) {
      id
    }
  }
`);

export const CockpitSetPartnerNoteMutation = graphql(`
  mutation CockpitSetPartnerNote($partnerId: ID!, $note: String) {
    cockpitSetPartnerNote(partnerId: $partnerId, note: $note) {
      id
    }
  }
`);

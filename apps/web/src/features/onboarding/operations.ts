import { graphql, type ResultOf } from '../../graphql/graphql';

const WorkflowFields = graphql(`
  fragment WorkflowFields on Workflow @_unmask {
    status
    updated
    ticks { text checked }
    analysis
    estimatedLaunch
    path
    availableStates
    step
    history { fromStatus toStatus byOperator note created }
  }
`);

export const WorkflowQuery = graphql(
  `
  query Workflow {
    workflow { ...WorkflowFields }
  }
`,
  [WorkflowFields],
);

export const ChecklistQuery = graphql(`
  query Checklist {
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
`);

export const ChangeWorkflowMutation = graphql(
  `
  mutation ChangeWorkflow($status: String!) {
    changeWorkflow(status: $status) { ...WorkflowFields }
  }
`,
  [WorkflowFields],
);

export const SendProductsToApprovalMutation = graphql(`
  mutation SendProductsToApproval {
    productsSendToApproval
  }
`);

export const CockpitWorkflowQuery = graphql(
  `
  query CockpitWorkflow($partnerId: ID!) {
    cockpitWorkflow(partnerId: $partnerId) { ...WorkflowFields }
  }
`,
  [WorkflowFields],
);

export const CockpitChangeWorkflowMutation = graphql(
  `
  mutation CockpitChangeWorkflow($partnerId: ID!, $status: String!, $ticks: [WorkflowTickInput!], $note: String) {
    cockpitChangeWorkflow(partnerId: $partnerId, status: $status, ticks: $ticks, note: $note) { ...WorkflowFields }
  }
`,
  [WorkflowFields],
);

export type Checklist = ResultOf<typeof ChecklistQuery>['checklist'];

/** Query keys of the workflow: the live event refreshes them all. */
export const WORKFLOW_KEY = ['workflow'] as const;
export const CHECKLIST_KEY = ['workflow', 'checklist'] as const;
export type Workflow = ResultOf<typeof WorkflowQuery>['workflow'];

import { graphql, type ResultOf } from '../../graphql/graphql';

export const OperatorFields = graphql(`
  fragment OperatorFields on Operator @_unmask {
    id
    email
    firstName
    lastName
    lang
    roles
    isActive
    isConfirmed
    lastSignIn
  }
`);
export type OperatorRow = ResultOf<typeof OperatorFields>;

export const CockpitOperatorsQuery = graphql(
  `
  query CockpitOperators {
    cockpitOperators { ...OperatorFields }
  }
`,
  [OperatorFields],
);

export const CockpitInviteOperatorMutation = graphql(
  `
  mutation CockpitInviteOperator($input: OperatorInviteInput!) {
    cockpitInviteOperator(input: $input) { ...OperatorFields }
  }
`,
  [OperatorFields],
);

export const CockpitSetOperatorRolesMutation = graphql(
  `
  mutation CockpitSetOperatorRoles($id: ID!, $roles: [String!]!) {
    cockpitSetOperatorRoles(id: $id, roles: $roles) { ...OperatorFields }
  }
`,
  [OperatorFields],
);

export const CockpitSetOperatorActiveMutation = graphql(
  `
  mutation CockpitSetOperatorActive($id: ID!, $active: Boolean!) {
    cockpitSetOperatorActive(id: $id, active: $active) { ...OperatorFields }
  }
`,
  [OperatorFields],
);

export const CockpitResendOperatorInviteMutation = graphql(`
  mutation CockpitResendOperatorInvite($id: ID!) {
    cockpitResendOperatorInvite(id: $id)
  }
`);

export const OPERATORS_KEY = ['cockpit', 'operators'] as const;

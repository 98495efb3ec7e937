import { graphql, type ResultOf } from '../../../graphql/graphql';

export const AddressesGridQuery = graphql(`
  query AddressesGrid($grid: GridInput) {
    addressesGrid(grid: $grid) {
      items { id street city state zip types }
      total totalExact page perPage nextCursor
    }
  }
`);
export type AddressGridRow = ResultOf<typeof AddressesGridQuery>['addressesGrid']['items'][number];

export const AddressStateAllowedQuery = graphql(`
  query AddressStateAllowed($stateCode: String!, $types: [String!]!) {
    addressStateAllowed(stateCode: $stateCode, types: $types)
  }
`);

export const SavePartnerAddressMutation = graphql(`
  mutation SavePartnerAddress($id: ID, $input: AddressInput!) {
    saveAddress(id: $id, input: $input) { id street city state zip types }
  }
`);

export const DeletePartnerAddressMutation = graphql(`
  mutation DeletePartnerAddress($id: ID!) { deleteAddress(id: $id) }
`);

/** Every query of the partner's addresses; onboarding step 3 lists the same rows. */
export const ADDRESSES_KEY = ['partner', 'addresses'] as const;

import { graphql, type ResultOf } from '../../../graphql/graphql';

export const ContactsGridQuery = graphql(`
  query ContactsGrid($grid: GridInput) {
    contactsGrid(grid: $grid) {
      items { id firstName lastName email phone roles }
      total totalExact page perPage nextCursor
    }
  }
`);
export type ContactGridRow = ResultOf<typeof ContactsGridQuery>['contactsGrid']['items'][number];

export const SavePartnerContactMutation = graphql(`
  mutation SavePartnerContact($id: ID, $input: ContactInput!) {
    saveContact(id: $id, input: $input) { id firstName lastName email phone roles }
  }
`);

export const DeletePartnerContactMutation = graphql(`
  mutation DeletePartnerContact($id: ID!) { deleteContact(id: $id) }
`);

export const CONTACTS_KEY = ['partner', 'contacts'] as const;

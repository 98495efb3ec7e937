import { graphql, type ResultOf } from '../../graphql/graphql';

export const ConversationFields = graphql(`
  fragment ConversationFields on Conversation @_unmask {
    id
    partnerId
    partnerName
    subject
    department
    state
    created
    lastMessageAt
    closedAt
    messages {
      id
      body
      fromOperator
      authorName
      created
      openedAt
      openedByName
      attachments {
        id
        name
        size
        contentType
        url
      }
    }
  }
`);

export type ConversationDetail = ResultOf<typeof ConversationFields>;

export const ConversationsQuery = graphql(`
  query Conversations($grid: GridInput) {
    conversations(grid: $grid) {
      items {
        id
        subject
        department
        state
        created
        lastMessageAt
        unread
        waiting
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

export type ConversationRow = ResultOf<typeof ConversationsQuery>['conversations']['items'][number];

export const ConversationQuery = graphql(
  `
  query Conversation($id: ID!) {
    conversation(id: $id) {
      ...ConversationFields
    }
  }
`,
  [ConversationFields],
);

export const MessageSendMutation = graphql(
  `
  mutation MessageSend($data: MessageSendInput!) {
    messageSend(data: $data) {
      ...ConversationFields
    }
  }
`,
  [ConversationFields],
);

export const ConversationReplyMutation = graphql(
  `
  mutation ConversationReply($id: ID!, $data: MessageReplyInput!) {
    conversationReply(id: $id, data: $data) {
      ...ConversationFields
    }
  }
`,
  [ConversationFields],
);

export const ConversationSetStateMutation = graphql(
  `
  mutation ConversationSetState($id: ID!, $state: String!) {
    conversationSetState(id: $id, state: $state) {
      ...ConversationFields
    }
  }
`,
  [ConversationFields],
);

export const MarketplaceContactsQuery = graphql(`
  query MarketplaceContacts {
    marketplaceContacts {
      shopId
      supportEmail
      people {
        role
        name
      }
      departments
    }
  }
`);

export const CockpitConversationsQuery = graphql(`
  query CockpitConversations($grid: GridInput) {
    cockpitConversations(grid: $grid) {
      items {
        id
        partnerId
        partnerName
        shopId
        subject
        department
        state
        created
        lastMessageAt
        unread
        waiting
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

export type CockpitConversationRow = ResultOf<
  typeof CockpitConversationsQuery
>['cockpitConversations']['items'][number];

export const CockpitConversationQuery = graphql(
  `
  query CockpitConversation($id: ID!) {
    cockpitConversation(id: $id) {
      ...ConversationFields
    }
  }
`,
  [ConversationFields],
);

export const CockpitConversationAnswerMutation = graphql(
  `
  mutation CockpitConversationAnswer($id: ID!, $data: MessageReplyInput!) {
    cockpitConversationAnswer(id: $id, data: $data) {
      ...ConversationFields
    }
  }
`,
  [ConversationFields],
);

export const CockpitConversationSetStateMutation = graphql(
  `
  mutation CockpitConversationSetState($id: ID!, $state: String!) {
    cockpitConversationSetState(id: $id, state: $state) {
      ...ConversationFields
    }
  }
`,
  [ConversationFields],
);

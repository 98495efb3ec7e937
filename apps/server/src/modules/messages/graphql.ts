import type { GridPage } from '@pp/domain';
import { builder, GridInput, idArg } from '../../platform/graphql/builder';
import {
  answerConversation,
  type CockpitConversationRow,
  cockpitConversation,
  cockpitConversations,
  cockpitSetConversationState,
} from './cockpit';
import {
  type ConversationDetail,
  type ConversationRow,
  listConversations,
  type MarketplaceContacts,
  type MessageView,
  marketplaceContacts,
  openConversation,
  replyToConversation,
  sendMessage,
  setConversationState,
} from './service';

/** GraphQL sends absent optional input fields as null; the domain's schemas know only absent ones. */
function withoutNulls<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

const MessageAttachmentRef = builder.objectRef<MessageView['attachments'][number]>('MessageAttachment').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    contentType: t.exposeString('contentType'),
    url: t.exposeString('url', { description: 'Download path for this audience (session headers as GraphQL).' }),
  }),
});

const MessageRef = builder.objectRef<MessageView>('Message').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    body: t.exposeString('body'),
    fromOperator: t.exposeBoolean('fromOperator', { description: "The marketplace's answer, not the partner's." }),
    authorName: t.exposeString('authorName', { nullable: true }),
    created: t.field({ type: 'DateTime', resolve: (m) => m.created }),
    openedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the other side first opened it.',
      resolve: (m) => m.openedAt,
    }),
    openedByName: t.exposeString('openedByName', { nullable: true }),
    attachments: t.field({ type: [MessageAttachmentRef], resolve: (m) => m.attachments }),
  }),
});

const ConversationRowRef = builder.objectRef<ConversationRow>('ConversationRow').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    subject: t.exposeString('subject'),
    department: t.exposeString('department', { description: 'A MESSAGE_DEPARTMENTS value (a contact group).' }),
    state: t.exposeString('state', { description: 'opened or closed.' }),
    created: t.field({ type: 'DateTime', resolve: (c) => c.created }),
    lastMessageAt: t.field({ type: 'DateTime', resolve: (c) => c.lastMessageAt }),
    closedAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.closedAt }),
    unread: t.exposeInt('unread', { description: "The other side's messages not opened yet." }),
    waiting: t.exposeBoolean('waiting', { description: "The newest message is the partner's: no answer yet." }),
  }),
});

const CockpitConversationRowRef = builder.objectRef<CockpitConversationRow>('CockpitConversationRow').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    partnerId: t.exposeInt('partnerId'),
    partnerName: t.exposeString('partnerName'),
    shopId: t.exposeString('shopId'),
    subject: t.exposeString('subject'),
    department: t.exposeString('department'),
    state: t.exposeString('state'),
    created: t.field({ type: 'DateTime', resolve: (c) => c.created }),
    lastMessageAt: t.field({ type: 'DateTime', resolve: (c) => c.lastMessageAt }),
    closedAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.closedAt }),
    unread: t.exposeInt('unread', { description: "The partner's messages no operator opened yet." }),
    waiting: t.exposeBoolean('waiting'),
  }),
});

function pageRef<T>(name: string, row: typeof ConversationRowRef | typeof CockpitConversationRowRef) {
  return builder.objectRef<GridPage<T>>(name).implement({
    fields: (t) => ({
      items: t.field({ type: [row], resolve: (p) => p.items as never }),
      total: t.exposeInt('total'),
      totalExact: t.exposeBoolean('totalExact'),
      page: t.exposeInt('page'),
      perPage: t.exposeInt('perPage'),
      nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
    }),
  });
}

const ConversationPageRef = pageRef<ConversationRow>('ConversationPage', ConversationRowRef);
const CockpitConversationPageRef = pageRef<CockpitConversationRow>(
  'CockpitConversationPage',
  CockpitConversationRowRef,
);

const ConversationRef = builder.objectRef<ConversationDetail>('Conversation').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    partnerId: t.exposeInt('partnerId'),
    partnerName: t.exposeString('partnerName'),
    subject: t.exposeString('subject'),
    department: t.exposeString('department'),
    state: t.exposeString('state'),
    created: t.field({ type: 'DateTime', resolve: (c) => c.created }),
    lastMessageAt: t.field({ type: 'DateTime', resolve: (c) => c.lastMessageAt }),
    closedAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.closedAt }),
    messages: t.field({ type: [MessageRef], description: 'Oldest first.', resolve: (c) => c.messages }),
  }),
});

const MarketplacePersonRef = builder.objectRef<MarketplaceContacts['people'][number]>('MarketplacePerson').implement({
  fields: (t) => ({
    role: t.exposeString('role', { description: 'kam, farmer, accountant or onboarding.' }),
    name: t.exposeString('name'),
  }),
});

const MarketplaceContactsRef = builder.objectRef<MarketplaceContacts>('MarketplaceContacts').implement({
  fields: (t) => ({
    shopId: t.exposeString('shopId'),
    supportEmail: t.exposeString('supportEmail', { nullable: true }),
    people: t.field({ type: [MarketplacePersonRef], resolve: (c) => c.people }),
    departments: t.stringList({ resolve: (c) => [...c.departments] }),
  }),
});

const MessageSendInput = builder.inputType('MessageSendInput', {
  fields: (t) => ({
    subject: t.string({ required: true }),
    department: t.string({ required: true }),
    message: t.string({ required: true }),
    attachments: t.stringList({ description: 'Ids answered by POST /api/messages/attachments (5 at most).' }),
  }),
});

const MessageReplyInput = builder.inputType('MessageReplyInput', {
  fields: (t) => ({
    message: t.string({ required: true }),
    attachments: t.stringList(),
  }),
});

builder.queryFields((t) => ({
  conversations: t.field({
    type: ConversationPageRef,
    description: "The partner's conversations with the marketplace, latest activity first.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => listConversations(ctx, args.grid ?? {}),
  }),
  conversation: t.field({
    type: ConversationRef,
    description: "A conversation of the partner; opening it marks the marketplace's answers as read.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => openConversation(ctx, idArg(args.id)),
  }),
  marketplaceContacts: t.field({
    type: MarketplaceContactsRef,
    description: "The selected partner's people at the marketplace, its support e-mail and the departments.",
    resolve: (_, __, ctx) => marketplaceContacts(ctx),
  }),
  cockpitConversations: t.field({
    type: CockpitConversationPageRef,
    description: "Operators: every partner's conversations, latest activity first; filter waiting for the unanswered.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => cockpitConversations(ctx, args.grid ?? {}),
  }),
  cockpitConversation: t.field({
    type: ConversationRef,
    description: "Operators: a conversation; opening it marks the partner's messages as read.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitConversation(ctx, idArg(args.id)),
  }),
}));

builder.mutationFields((t) => ({
  messageSend: t.field({
    type: ConversationRef,
    description: 'Writes to a marketplace department: a new conversation.',
    args: { data: t.arg({ type: MessageSendInput, required: true }) },
    resolve: (_, args, ctx) => sendMessage(ctx, withoutNulls(args.data)),
  }),
  conversationReply: t.field({
    type: ConversationRef,
    description: 'Answers in a conversation of the partner; a closed one opens again.',
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: MessageReplyInput, required: true }) },
    resolve: (_, args, ctx) => replyToConversation(ctx, idArg(args.id), withoutNulls(args.data)),
  }),
  conversationSetState: t.field({
    type: ConversationRef,
    description: 'Closes (closed) or re-opens (opened) a conversation of the partner.',
    args: { id: t.arg.id({ required: true }), state: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => setConversationState(ctx, idArg(args.id), args.state),
  }),
  cockpitConversationAnswer: t.field({
    type: ConversationRef,
    description: "Operators: answers a partner's conversation; the partner is notified.",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: MessageReplyInput, required: true }) },
    resolve: (_, args, ctx) => answerConversation(ctx, idArg(args.id), withoutNulls(args.data)),
  }),
  cockpitConversationSetState: t.field({
    type: ConversationRef,
    description: 'Operators: closes (closed) or re-opens (opened) a conversation.',
    args: { id: t.arg.id({ required: true }), state: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => cockpitSetConversationState(ctx, idArg(args.id), args.state),
  }),
}));

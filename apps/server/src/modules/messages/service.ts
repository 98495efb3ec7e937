import {
  CONVERSATION_STATES,
  type ConversationState,
  conversationSchema,
  DomainError,
  type GridPage,
  isShopId,
  MESSAGE_DEPARTMENTS,
  type MessageDepartment,
  PARTNER_SUPPORT_EMAILS,
  replySchema,
} from '@pp/domain';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { keepStoredFiles } from '../../platform/files';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { publishInTransaction } from '../../platform/stream/hub';
import { accounts } from '../account/tables';
import { partners } from '../partner/tables';
import { attachmentsById, checkAttachments } from './attachments';
import { conversations, messages } from './tables';

/** Where the partner's people download an attachment (the operators have their own route). */
export const partnerAttachmentPath = (id: string) => `/api/messages/attachments/${id}`;
export const cockpitAttachmentPath = (id: string) => `/api/cockpit/messages/attachments/${id}`;

/** A thread longer than this shows its newest messages: a help-desk thread never gets near it. */
const THREAD_MAX_MESSAGES = 500;

export interface ConversationRow {
  id: number;
  partnerId: number;
  subject: string;
  department: MessageDepartment;
  state: ConversationState;
  created: Date;
  lastMessageAt: Date;
  closedAt: Date | null;
  /** Messages of the other side not opened yet (for a partner: the operators' answers). */
  unread: number;
  /** The last message is the partner's: the marketplace owes an answer. */
  waiting: boolean;
}

export interface MessageView {
  id: number;
  body: string;
  fromOperator: boolean;
  authorName: string | null;
  created: Date;
  openedAt: Date | null;
  openedByName: string | null;
  attachments: { id: string; name: string; size: number; contentType: string; url: string }[];
}

export interface ConversationDetail extends Omit<ConversationRow, 'unread' | 'waiting'> {
  partnerName: string;
  messages: MessageView[];
}

export const conversationFields = {
  id: conversations.id,
  partnerId: conversations.partnerId,
  subject: conversations.subject,
  department: conversations.department,
  state: conversations.state,
  created: conversations.created,
  lastMessageAt: conversations.lastMessageAt,
  closedAt: conversations.closedAt,
};

/**
 * The outer conversation's id, always with its table name: drizzle leaves columns unqualified in a
 * single-table select, and inside a subquery over messages a bare "id" would be the message's own.
 */
const conversationIdRef = sql`${sql.identifier('conversations')}.${sql.identifier('id')}`;

/** Unread messages of one side in a conversation; the conversation index serves it. */
export function unreadOf(fromOperator: boolean): SQL<number> {
  return sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = ${conversationIdRef}
    and m.from_operator = ${fromOperator} and m.opened_at is null)`;
}

/** Whether the newest message is the partner's, i.e. the marketplace has not answered it yet. */
export const waitingSql = sql<boolean>`coalesce((select not m.from_operator from ${messages} m
  where m.conversation_id = ${conversationIdRef} order by m.id desc limit 1), false)`;

export const CONVERSATION_COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: conversations.id, filterType: 'NUMBER', number: 'int4', sortable: true },
  { field: 'subject', sql: conversations.subject, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'department', sql: conversations.department, filterType: 'ENUMS', options: MESSAGE_DEPARTMENTS },
  { field: 'state', sql: conversations.state, filterType: 'ENUMS', options: CONVERSATION_STATES },
  { field: 'created', sql: conversations.created, filterType: 'DATETIME', sortable: true },
  { field: 'lastMessageAt', sql: conversations.lastMessageAt, filterType: 'DATETIME', sortable: true },
  {
    field: 'waiting',
    sql: waitingSql,
    filterType: 'BOOLEAN',
    notNull: true,
    filterSql: (filter) => (filter.value === 'false' ? sql`not ${waitingSql}` : waitingSql),
  },
];

type ConversationFields = { [K in keyof typeof conversationFields]: (typeof conversations.$inferSelect)[K] };

export function toConversationRow(row: ConversationFields & { unread: number; waiting: boolean }): ConversationRow {
  return {
    ...row,
    department: row.department as MessageDepartment,
    state: row.state as ConversationState,
    unread: Number(row.unread),
    waiting: Boolean(row.waiting),
  };
}

/** The partner's conversations, latest activity first; each with the operators' answers it has not opened. */
export async function listConversations(ctx: RequestContext, grid: unknown): Promise<GridPage<ConversationRow>> {
  const { partnerId } = await ctx.require('messages', 'read');
  const q = buildGridQuery(grid, CONVERSATION_COLUMNS, {
    idColumn: conversations.id,
    defaultSort: { field: 'lastMessageAt', direction: 'DESCENDING' },
    searchColumns: [accentInsensitive(conversations.subject)],
  });
  const where = and(eq(conversations.partnerId, partnerId), q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ ...conversationFields, unread: unreadOf(true), waiting: waitingSql, ...q.cursorFields })
        .from(conversations)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, conversations, where),
  ]);
  return q.toPage(
    rows.map((r) => ({ ...toConversationRow(r), gridSortKey: r.gridSortKey, gridRowKey: r.gridRowKey })),
    total,
  );
}

/** A conversation's thread, oldest message first, with the attachments' download paths for the audience. */
export async function readThread(
  db: DbOrTx,
  partnerId: number,
  id: number,
  audience: 'partner' | 'cockpit',
): Promise<ConversationDetail> {
  const [conversation] = await db
    .select({ ...conversationFields, partnerName: partners.partnerName })
    .from(conversations)
    .innerJoin(partners, eq(partners.id, conversations.partnerId))
    .where(and(eq(conversations.partnerId, partnerId), eq(conversations.id, id)));
  if (!conversation) throw new DomainError('CONVERSATION_NOT_FOUND');
  const author = sql<string | null>`(select nullif(trim(a.first_name || ' ' || a.last_name), '') from ${accounts} a
    where a.id = ${sql.identifier('messages')}.${sql.identifier('author_id')})`;
  const opener = sql<string | null>`(select nullif(trim(a.first_name || ' ' || a.last_name), '') from ${accounts} a
    where a.id = ${sql.identifier('messages')}.${sql.identifier('opened_by')})`;
  const rows = (
    await db
      .select({
        id: messages.id,
        body: messages.body,
        fromOperator: messages.fromOperator,
        authorName: author,
        created: messages.created,
        openedAt: messages.openedAt,
        openedByName: opener,
        attachments: messages.attachments,
      })
      .from(messages)
      .where(and(eq(messages.partnerId, partnerId), eq(messages.conversationId, id)))
      .orderBy(desc(messages.id))
      .limit(THREAD_MAX_MESSAGES)
  ).reverse();
  const files = await attachmentsById(
    db,
    partnerId,
    rows.flatMap((r) => r.attachments),
  );
  const pathOf = audience === 'partner' ? partnerAttachmentPath : cockpitAttachmentPath;
  return {
    ...conversation,
    department: conversation.department as MessageDepartment,
    state: conversation.state as ConversationState,
    messages: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      attachments: r.attachments.flatMap((fileId) => {
        const file = files.get(fileId);
        return file ? [{ ...file, url: pathOf(fileId) }] : [];
      }),
    })),
  };
}

/**
 * Records that one side read the other's messages (spec: open date, opened by). Only the first opening
 * counts; an administrator acting as the partner leaves them unread, since the seller has not seen them.
 */
export async function markOpened(
  db: DbOrTx,
  partnerId: number,
  id: number,
  byOperator: boolean,
  accountId: number,
): Promise<number> {
  const opened = await db
    .update(messages)
    .set({ openedAt: new Date(), openedBy: accountId })
    .where(
      and(
        eq(messages.partnerId, partnerId),
        eq(messages.conversationId, id),
        eq(messages.fromOperator, !byOperator),
        isNull(messages.openedAt),
      ),
    )
    .returning({ id: messages.id });
  return opened.length;
}

/** Opens a conversation of the partner: its thread, with the operators' answers now marked as read. */
export async function openConversation(ctx: RequestContext, id: number): Promise<ConversationDetail> {
  const { partnerId } = await ctx.require('messages', 'read');
  const auth = ctx.requireAuth();
  const detail = await readThread(ctx.db, partnerId, id, 'partner');
  if (!auth.admin) {
    const opened = await markOpened(ctx.db, partnerId, id, false, auth.account.id);
    if (opened) return readThread(ctx.db, partnerId, id, 'partner');
  }
  return detail;
}

/** Locks a conversation row of the partner for a change; another partner's id is as unknown as a made-up one. */
export async function lockConversation(tx: DbOrTx, partnerId: number, id: number) {
  const [row] = await tx
    .select(conversationFields)
    .from(conversations)
    .where(and(eq(conversations.partnerId, partnerId), eq(conversations.id, id)))
    .for('update');
  if (!row) throw new DomainError('CONVERSATION_NOT_FOUND');
  return row;
}

/** Adds a message to a conversation: a reply re-opens a closed conversation, as any help desk does. */
export async function addMessage(
  tx: DbOrTx,
  input: {
    partnerId: number;
    conversationId: number;
    authorId: number;
    fromOperator: boolean;
    body: string;
    attachments: string[];
  },
): Promise<{ reopened: boolean; at: Date }> {
  const conversation = await lockConversation(tx, input.partnerId, input.conversationId);
  await checkAttachments(tx, input.partnerId, input.authorId, input.attachments);
  const at = new Date();
  await tx.insert(messages).values({
    conversationId: input.conversationId,
    partnerId: input.partnerId,
    authorId: input.authorId,
    fromOperator: input.fromOperator,
    body: input.body,
    attachments: input.attachments,
    created: at,
  });
  const reopened = conversation.state === 'closed';
  await tx
    .update(conversations)
    .set({ lastMessageAt: at, ...(reopened ? { state: 'opened', closedAt: null } : {}) })
    .where(and(eq(conversations.partnerId, input.partnerId), eq(conversations.id, input.conversationId)));
  // Sent files stay for as long as the conversation does (uploads nobody sends expire as usual).
  await keepStoredFiles(tx, input.partnerId, input.attachments);
  return { reopened, at };
}

/** The operators learn at commit that a partner wrote (their queue grows or moves up). */
async function announceToOperators(tx: DbOrTx, partnerId: number, conversationId: number) {
  await publishInTransaction(tx, { operators: true }, { type: 'message_sent', data: { conversationId, partnerId } });
}

/** A partner writes to a marketplace department: a new conversation with its first message. */
export async function sendMessage(ctx: RequestContext, input: unknown): Promise<ConversationDetail> {
  const { partnerId } = await ctx.require('messages', 'create');
  const auth = ctx.requireAuth();
  const parsed = conversationSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  return ctx.db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({ partnerId, subject: data.subject, department: data.department, createdBy: auth.account.id })
      .returning({ id: conversations.id });
    const id = conversation!.id;
    await addMessage(tx, {
      partnerId,
      conversationId: id,
      authorId: auth.account.id,
      fromOperator: false,
      body: data.message,
      attachments: data.attachments,
    });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'messages.send',
      entity: 'conversation',
      entityId: id,
      data: { department: data.department, subject: data.subject, attachments: data.attachments.length },
    });
    await announceToOperators(tx, partnerId, id);
    return readThread(tx, partnerId, id, 'partner');
  });
}

/** The partner answers in one of its conversations; a closed one opens again. */
export async function replyToConversation(
  ctx: RequestContext,
  id: number,
  input: unknown,
): Promise<ConversationDetail> {
  const { partnerId } = await ctx.require('messages', 'create');
  const auth = ctx.requireAuth();
  const parsed = replySchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return ctx.db.transaction(async (tx) => {
    const { reopened } = await addMessage(tx, {
      partnerId,
      conversationId: id,
      authorId: auth.account.id,
      fromOperator: false,
      body: parsed.data.message,
      attachments: parsed.data.attachments,
    });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'messages.reply',
      entity: 'conversation',
      entityId: id,
      data: { reopened, attachments: parsed.data.attachments.length },
    });
    await announceToOperators(tx, partnerId, id);
    return readThread(tx, partnerId, id, 'partner');
  });
}

/** Moves a conversation to opened or closed; the same state again changes nothing and records nothing. */
export async function changeState(
  tx: DbOrTx,
  partnerId: number,
  id: number,
  state: ConversationState,
): Promise<boolean> {
  const row = await lockConversation(tx, partnerId, id);
  if (row.state === state) return false;
  await tx
    .update(conversations)
    .set({ state, closedAt: state === 'closed' ? new Date() : null })
    .where(and(eq(conversations.partnerId, partnerId), eq(conversations.id, id)));
  return true;
}

export function stateArg(value: string): ConversationState {
  if (!(CONVERSATION_STATES as readonly string[]).includes(value)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'state', rule: 'invalid' }]);
  }
  return value as ConversationState;
}

/** The partner closes a conversation it considers settled, or opens it again. */
export async function setConversationState(
  ctx: RequestContext,
  id: number,
  stateInput: string,
): Promise<ConversationDetail> {
  const { partnerId } = await ctx.require('messages', 'create');
  const state = stateArg(stateInput);
  return ctx.db.transaction(async (tx) => {
    if (await changeState(tx, partnerId, id, state)) {
      await recordAudit(tx, ctx.actor(partnerId), {
        action: state === 'closed' ? 'messages.close' : 'messages.reopen',
        entity: 'conversation',
        entityId: id,
      });
    }
    return readThread(tx, partnerId, id, 'partner');
  });
}

export interface MarketplaceContacts {
  shopId: string;
  supportEmail: string | null;
  people: { role: 'kam' | 'farmer' | 'accountant' | 'onboarding'; name: string }[];
  departments: readonly MessageDepartment[];
}

/** Who at the marketplace looks after the selected partner, where its support is and whom one may write to. */
export async function marketplaceContacts(ctx: RequestContext): Promise<MarketplaceContacts> {
  const { partnerId } = await ctx.requirePartner();
  const [partner] = await ctx.db
    .select({
      shopId: partners.shopId,
      kam: partners.kam,
      farmer: partners.farmer,
      accountant: partners.accountant,
      onboarding: partners.onboarding,
    })
    .from(partners)
    .where(eq(partners.id, partnerId));
  if (!partner) throw new DomainError('ENTITY_NOT_FOUND');
  const roles = ['kam', 'farmer', 'accountant', 'onboarding'] as const;
  return {
    shopId: partner.shopId,
    supportEmail: isShopId(partner.shopId) ? PARTNER_SUPPORT_EMAILS[partner.shopId] : null,
    people: roles.flatMap((role) => {
      const name = partner[role]?.trim();
      return name ? [{ role, name }] : [];
    }),
    departments: MESSAGE_DEPARTMENTS,
  };
}

import { DomainError, type GridPage, replySchema } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { accentInsensitive, buildGridQuery, type GridColumn } from '../../platform/grid';
import { publishInTransaction } from '../../platform/stream/hub';
import { emitPartnerEvent } from '../events/emit';
import { partners } from '../partner/tables';
import {
  addMessage,
  CONVERSATION_COLUMNS,
  type ConversationDetail,
  type ConversationRow,
  changeState,
  conversationFields,
  markOpened,
  readThread,
  stateArg,
  toConversationRow,
  unreadOf,
  waitingSql,
} from './service';
import { conversations } from './tables';

export interface CockpitConversationRow extends ConversationRow {
  partnerName: string;
  shopId: string;
}

const COCKPIT_COLUMNS: readonly GridColumn[] = [
  ...CONVERSATION_COLUMNS,
  { field: 'partnerId', sql: conversations.partnerId, filterType: 'NUMBER', number: 'int4' },
  { field: 'partnerName', sql: partners.partnerName, filterType: 'TEXT', sortable: true, foldAccents: true },
];

/** The partner a conversation belongs to: operators name conversations by id alone. */
async function partnerOfConversation(ctx: RequestContext, id: number): Promise<number> {
  const [row] = await ctx.db
    .select({ partnerId: conversations.partnerId })
    .from(conversations)
    .where(eq(conversations.id, id));
  if (!row) throw new DomainError('CONVERSATION_NOT_FOUND');
  return row.partnerId;
}

/**
 * Every partner's conversations for the operators, latest activity first (keyset paging). The quick filter
 * "waiting for us" is the `waiting` column: the newest message is the partner's.
 */
export async function cockpitConversations(
  ctx: RequestContext,
  grid: unknown,
): Promise<GridPage<CockpitConversationRow>> {
  ctx.requireOperator('messages', 'read');
  const q = buildGridQuery(grid, COCKPIT_COLUMNS, {
    idColumn: conversations.id,
    defaultSort: { field: 'lastMessageAt', direction: 'DESCENDING' },
    searchColumns: [accentInsensitive(conversations.subject), accentInsensitive(partners.partnerName)],
  });
  const [rows, [count]] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({
          ...conversationFields,
          partnerName: partners.partnerName,
          shopId: partners.shopId,
          unread: unreadOf(false),
          waiting: waitingSql,
          ...q.cursorFields,
        })
        .from(conversations)
        .innerJoin(partners, eq(partners.id, conversations.partnerId))
        .where(and(q.where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversations)
      .innerJoin(partners, eq(partners.id, conversations.partnerId))
      .where(q.where),
  ]);
  return q.toPage(
    rows.map((r) => ({
      ...toConversationRow(r),
      partnerName: r.partnerName,
      shopId: r.shopId,
      gridSortKey: r.gridSortKey,
      gridRowKey: r.gridRowKey,
    })),
    { total: count?.n ?? 0, totalExact: true },
  );
}

/** An operator opens a conversation: the partner's messages are marked as read by that operator. */
export async function cockpitConversation(ctx: RequestContext, id: number): Promise<ConversationDetail> {
  const admin = ctx.requireOperator('messages', 'read');
  const partnerId = await partnerOfConversation(ctx, id);
  await markOpened(ctx.db, partnerId, id, true, admin.account.id);
  return readThread(ctx.db, partnerId, id, 'cockpit');
}

/**
 * An operator answers: the message joins the thread (a closed conversation opens again), the partner's
 * people see it live, and the MESSAGE_RECEIVED event notifies whom the partner's settings name.
 */
export async function answerConversation(ctx: RequestContext, id: number, input: unknown): Promise<ConversationDetail> {
  const admin = ctx.requireOperator('messages', 'update');
  const parsed = replySchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const partnerId = await partnerOfConversation(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const { reopened, at } = await addMessage(tx, {
      partnerId,
      conversationId: id,
      authorId: admin.account.id,
      fromOperator: true,
      body: parsed.data.message,
      attachments: parsed.data.attachments,
    });
    // Answering is reading: what the partner wrote before the answer is no longer unread for the operators.
    await markOpened(tx, partnerId, id, true, admin.account.id);
    await recordAudit(tx, ctx.actor(null), {
      action: 'messages.answer',
      entity: 'conversation',
      entityId: id,
      data: { reopened, attachments: parsed.data.attachments.length },
      partnerId,
    });
    const detail = await readThread(tx, partnerId, id, 'cockpit');
    await emitPartnerEvent(tx, {
      partnerId,
      type: 'MESSAGE_RECEIVED',
      data: { conversationId: id, subject: detail.subject },
      at: at.toISOString(),
    });
    await publishInTransaction(tx, { partnerId }, { type: 'message_received', data: { conversationId: id } });
    return detail;
  });
}

/** An operator closes a settled conversation or opens it again. */
export async function cockpitSetConversationState(
  ctx: RequestContext,
  id: number,
  stateInput: string,
): Promise<ConversationDetail> {
  ctx.requireOperator('messages', 'update');
  const state = stateArg(stateInput);
  const partnerId = await partnerOfConversation(ctx, id);
  return ctx.db.transaction(async (tx) => {
    if (await changeState(tx, partnerId, id, state)) {
      await recordAudit(tx, ctx.actor(null), {
        action: state === 'closed' ? 'messages.close' : 'messages.reopen',
        entity: 'conversation',
        entityId: id,
        partnerId,
      });
    }
    return readThread(tx, partnerId, id, 'cockpit');
  });
}

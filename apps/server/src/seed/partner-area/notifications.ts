import { desc, eq } from 'drizzle-orm';
import { notificationReads, notificationSettings, partnerNotifications } from '../../modules/notifications/tables';
import { orders } from '../../modules/orders/tables';
import type { DbOrTx } from '../../platform/db/client';
import type { DemoIds } from './ids';

const DAY = 86_400_000;

/**
 * The Czech shop has chosen who hears what (its contacts cover every group) and has three weeks of history,
 * some of it read by its master, so the list, its badge and the unread filter have something to show.
 */
export async function seedNotifications(tx: DbOrTx, ids: DemoIds): Promise<void> {
  await tx.insert(notificationSettings).values([
    {
      partnerId: ids.cz,
      eventType: 'ORDER_CREATED',
      groups: ['SALES'],
      emails: ['objednavky@sport-demo.cz'],
      active: true,
    },
    { partnerId: ids.cz, eventType: 'ORDER_STATUS_CHANGED', groups: ['LOGISTICS'], emails: [], active: false },
    { partnerId: ids.cz, eventType: 'PRODUCT_IMPORT_FINISHED', groups: ['TECH'], emails: [], active: true },
    {
      partnerId: ids.cz,
      eventType: 'BRAND_REQUEST_DECIDED',
      groups: ['MANAGER', 'MARKETING'],
      emails: [],
      active: true,
    },
    {
      partnerId: ids.cz,
      eventType: 'WEBHOOK_BROKEN',
      groups: ['TECH'],
      emails: ['it@sport-demo.cz', 'vyvoj@sport-demo.cz'],
      active: true,
    },
  ]);

  const czOrders = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.partnerId, ids.cz))
    .orderBy(desc(orders.id))
    .limit(8);
  const orderId = (i: number) => czOrders[i % Math.max(czOrders.length, 1)]?.id ?? 1000 + i;
  const sales = ['lucie.prochazkova@sport-demo.cz', 'monika.pokorna@sport-demo.cz', 'objednavky@sport-demo.cz'];
  const tech = ['martin.kucera@sport-demo.cz', 'david.pospisil@sport-demo.cz'];
  const managers = ['alena.hajkova@sport-demo.cz', 'jana.novakova@sport-demo.cz'];
  const history: { days: number; eventType: string; params: Record<string, string | number>; recipients: string[] }[] =
    [
      {
        days: 21,
        eventType: 'WORKFLOW_STATUS_CHANGED',
        params: { from: 'CONTENT_CONTROL', to: 'PRODUCTION' },
        recipients: managers,
      },
      {
        days: 19,
        eventType: 'PRODUCT_IMPORT_FINISHED',
        params: { jobId: 'demo-import-1', imported: 182, refused: 4 },
        recipients: tech,
      },
      { days: 17, eventType: 'ORDER_CREATED', params: { orderId: orderId(7) }, recipients: sales },
      {
        days: 15,
        eventType: 'BRAND_REQUEST_DECIDED',
        params: { requestId: 1, brand: 'Sportix', decision: 'ACCEPTED' },
        recipients: managers,
      },
      { days: 13, eventType: 'ORDER_CREATED', params: { orderId: orderId(6) }, recipients: sales },
      {
        days: 12,
        eventType: 'WEBHOOK_BROKEN',
        params: { webhookId: 1, url: 'https://erp.sport-demo.cz/hooks/orders' },
        recipients: tech,
      },
      {
        days: 10,
        eventType: 'MESSAGE_RECEIVED',
        params: { conversationId: 1, subject: 'Fakturace za říjen' },
        recipients: managers,
      },
      { days: 9, eventType: 'ORDER_CREATED', params: { orderId: orderId(5) }, recipients: sales },
      {
        days: 7,
        eventType: 'PRODUCT_IMPORT_FINISHED',
        params: { jobId: 'demo-import-2', imported: 37, refused: 0 },
        recipients: tech,
      },
      {
        days: 6,
        eventType: 'BRAND_REQUEST_DECIDED',
        params: { requestId: 2, brand: 'Ultra Run', decision: 'REJECTED' },
        recipients: managers,
      },
      { days: 4, eventType: 'ORDER_CREATED', params: { orderId: orderId(4) }, recipients: sales },
      { days: 3, eventType: 'ORDER_CREATED', params: { orderId: orderId(3) }, recipients: sales },
      {
        days: 2,
        eventType: 'MESSAGE_RECEIVED',
        params: { conversationId: 2, subject: 'Dotaz k MALL Delivery' },
        recipients: managers,
      },
      { days: 1, eventType: 'ORDER_CREATED', params: { orderId: orderId(2) }, recipients: sales },
      { days: 0.1, eventType: 'ORDER_CREATED', params: { orderId: orderId(1) }, recipients: sales },
    ];
  const now = Date.now();
  // Oldest first, so ids follow time as they do for live notifications (the list sorts by id).
  const rows = await tx
    .insert(partnerNotifications)
    .values(history.map(({ days, ...n }) => ({ partnerId: ids.cz, ...n, created: new Date(now - days * DAY) })))
    .returning({ id: partnerNotifications.id });
  // The master has read all but the last five.
  await tx
    .insert(notificationReads)
    .values(rows.slice(0, -5).map((r) => ({ notificationId: r.id, accountId: ids.partnerAcc })));
}

import type { ShopId } from '@pp/domain';
import { and, eq, ne } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { Db } from '../../platform/db/client';
import { publishInTransaction } from '../../platform/stream/hub';
import { resolveItems } from './import-check';
import { readCampaignFile } from './import-read';
import { syncCampaignPromotions } from './promotions';
import { campaignImports, campaignProducts } from './tables';

export interface ApplyScope {
  db: Db;
  partnerId: number;
  campaignId: number;
  importId: string;
  shopId: ShopId;
  accountId: number | null;
  adminAccountId: number | null;
  open(): Promise<AsyncIterable<Uint8Array>>;
}

/**
 * Writes an accepted file (one transaction): the partner's lines of the campaign become exactly the file's
 * (a later accepted import replaces the former, which is then CANCELLED), and the CAMPAIGN promotions of
 * every product that was or now is in the campaign are rewritten by `syncCampaignPromotions`. The file is
 * read again a batch at a time; its ids were resolved by the check, they are resolved again here by key.
 * Answers false when the import was no longer CHECKING (closed meanwhile): nothing is written then.
 */
export async function applyCampaignImport(scope: ApplyScope): Promise<boolean> {
  const { db, partnerId, campaignId, importId } = scope;
  const ofPartnerCampaign = and(eq(campaignProducts.partnerId, partnerId), eq(campaignProducts.campaignId, campaignId));
  // Opened before the transaction: reading the file's row inside it would wait for the transaction's own
  // connection on a single-connection database.
  const source = await scope.open();
  return db.transaction(async (tx) => {
    const [mine] = await tx
      .update(campaignImports)
      .set({ status: 'ACCEPTED', finishedAt: new Date() })
      .where(
        and(
          eq(campaignImports.partnerId, partnerId),
          eq(campaignImports.id, importId),
          eq(campaignImports.status, 'CHECKING'),
        ),
      )
      .returning({ productsCount: campaignImports.productsCount });
    if (!mine) {
      (source as { destroy?: () => void }).destroy?.();
      return false;
    }
    const touched = new Set(
      (
        await tx.delete(campaignProducts).where(ofPartnerCampaign).returning({ productId: campaignProducts.productId })
      ).map((r) => r.productId),
    );
    for await (const batch of readCampaignFile(source, scope.shopId)) {
      const lines = batch.flatMap((l) => (l.parsed.kind === 'line' ? [l.parsed] : []));
      const items = await resolveItems(
        tx,
        partnerId,
        lines.map((l) => l.articleId),
      );
      const rows = lines.flatMap((l) => {
        const item = items.get(l.articleId);
        return item
          ? [{ partnerId, campaignId, productId: item.productId, variantId: item.variantId, price: l.price, importId }]
          : [];
      });
      if (rows.length) await tx.insert(campaignProducts).values(rows).onConflictDoNothing();
      for (const r of rows) touched.add(r.productId);
    }
    await syncCampaignPromotions(tx, partnerId, [...touched]);
    await tx
      .update(campaignImports)
      .set({ status: 'CANCELLED' })
      .where(
        and(
          eq(campaignImports.partnerId, partnerId),
          eq(campaignImports.campaignId, campaignId),
          eq(campaignImports.status, 'ACCEPTED'),
          ne(campaignImports.id, importId),
        ),
      );
    await recordAudit(
      tx,
      {
        accountId: scope.accountId,
        adminAccountId: scope.adminAccountId,
        partnerId,
        requestId: `campaign-import:${importId}`,
      },
      {
        action: 'campaign.import.accepted',
        entity: 'campaign',
        entityId: campaignId,
        data: { importId, count: mine.productsCount },
      },
    );
    await publishInTransaction(
      tx,
      { partnerId },
      {
        type: 'update_campaign',
        data: { id: campaignId, importId, status: 'ACCEPTED', processed: mine.productsCount },
      },
    );
    return true;
  });
}

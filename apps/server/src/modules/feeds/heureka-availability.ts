import { escapeXmlText, STOCK_MAX } from '@pp/domain';
import { IMPORT_BATCH } from '../products/import-read';
import { readHeurekaAvailability } from './heureka-read';
import { processMallAvailability } from './mall-availability';
import type { FeedItemError, FeedProcessor, FeedRunContext, FeedRunTotals } from './run-types';

/**
 * The Heureka availability feed (item_list/item[@id]) into stock: each item with a stock_quantity becomes an
 * AVAILABILITY of the marketplace's own availability feed and goes through its processor (mall-availability.ts),
 * so the availability API's rules, the content hashes and the batch writes are the same. Each AVAILABILITY is
 * written on the line where its item starts in the seller's file, so a refusal names the seller's line.
 *
 * Heureka counts what the marketplace does not keep: a stock above the marketplace's bound is offered as the
 * bound (STOCK_MAX); an item that gives only a delivery time, not a quantity, changes nothing; depots and
 * delivery times are read (heureka-read.ts) but not yet written anywhere.
 */

const encoder = new TextEncoder();
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<AVAILABILITIES>\n';

export const processHeurekaAvailability: FeedProcessor = async (ctx, body) => {
  /** Items settled here: refused (errors) or without a quantity (unchanged). */
  const own = { processed: 0, errors: 0, unchanged: 0 };

  async function* mallFeed(): AsyncGenerator<Uint8Array> {
    yield encoder.encode(HEAD);
    let line = HEAD.split('\n').length;
    for await (const batch of readHeurekaAvailability(body, IMPORT_BATCH)) {
      const errors: FeedItemError[] = [];
      let text = '';
      for (const read of batch) {
        if (!read.item) {
          own.processed++;
          own.errors++;
          for (const issue of read.issues) {
            errors.push({
              itemCode: read.itemId,
              errorCode: issue.code,
              field: issue.field,
              params: issue.params,
              line: read.line,
            });
          }
          continue;
        }
        if (read.item.stockQuantity === null) {
          own.processed++;
          own.unchanged++;
          continue;
        }
        if (read.line > line) {
          text += '\n'.repeat(read.line - line);
          line = read.line;
        }
        const stock = Math.min(read.item.stockQuantity, STOCK_MAX);
        text += `<AVAILABILITY><ID>${escapeXmlText(read.item.itemId)}</ID><IN_STOCK>${stock}</IN_STOCK></AVAILABILITY>`;
      }
      if (errors.length) await ctx.errors(errors);
      if (text) yield encoder.encode(text);
    }
    yield encoder.encode('\n</AVAILABILITIES>\n');
  }

  const plus = (t: FeedRunTotals): FeedRunTotals => ({
    processed: t.processed + own.processed,
    updated: t.updated,
    unchanged: t.unchanged + own.unchanged,
    errors: t.errors + own.errors,
  });
  const wrapped: FeedRunContext = { ...ctx, progress: (t) => ctx.progress(plus(t)) };
  return plus(await processMallAvailability(wrapped, mallFeed()));
};

import type { CategoryRules, FieldIssue, ProductInput, ShopId } from '@pp/domain';
import type { Actor } from '../../platform/audit/service';
import type { Db } from '../../platform/db/client';
import type { Jobs } from '../../platform/jobs';

/** What the steps of an import batch share: the job's scope, the totals, and an item on its way to a row. */

export interface ImportJobScope {
  db: Db;
  partnerId: number;
  shopId: ShopId;
  /** The import's id; a feed's run has one of its own, under which its price holds and errors tab entries go. */
  importId: string;
  /** Set when a feed's run writes (modules/feeds): its batches are audited under the run, not an upload. */
  feedRunId?: number;
  actor: Actor;
  /** Queues the fetch of images at the seller's URLs in the batch's transaction. */
  jobs: Pick<Jobs, 'send'>;
}

export interface ImportTotals {
  done: number;
  created: number;
  updated: number;
  failed: number;
  /** Price changes over the confirmation bound, not written: listed for the seller to confirm. */
  held: number;
  /** Price changes over the bound written at once because their item said FORCE_PRICE (audited as forced). */
  forced: number;
}

/** A product row of the batch as it stands before the write (locked for the batch's transaction). */
export interface Existing {
  id: string;
  status: string;
  stage: string;
  promotions: { source: string }[];
  labels: { source: string }[];
}

/** A picture a product already has: kept with its stored file and thumbnail when the file names it again. */
export interface ExistingMedia {
  product_id: string;
  url: string;
  file_id: string | null;
  thumb_url: string | null;
  width: number | null;
  height: number | null;
}

/** An item that passed every rule, ready to be written. */
export interface Accepted {
  input: ProductInput;
  title: string;
  stage: string | null;
  /** The file said NOT_FOR_RESALE: the marketplace's status, which the file can only leave as it is. */
  keepStatus: boolean;
  category: CategoryRules | null;
}

/** An item refused with its reasons, for the errors tab. */
export interface Refused {
  productId: string;
  issues: FieldIssue[];
}

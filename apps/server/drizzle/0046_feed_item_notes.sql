ALTER TABLE "feed_item_hashes" ADD COLUMN "notes" jsonb;

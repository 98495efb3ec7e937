ALTER TABLE "feed_item_hashes" ADD COLUMN "raw_hash" text;

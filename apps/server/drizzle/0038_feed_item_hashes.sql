-- Issue 21, point 3: the content hash of each item a feed applied, so that an unchanged item is skipped on the
-- next run. Goes with its feed; a feed's reset deletes its rows (forgetFeedHashes).
CREATE TABLE "feed_item_hashes" (
	"feed_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "feed_item_hashes_feed_id_item_id_pk" PRIMARY KEY("feed_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "feed_item_hashes" ADD CONSTRAINT "feed_item_hashes_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;

-- Issue 21: the partner's Heureka feed options, and the feed summary a Heureka product run leaves on its row.
CREATE TABLE "heureka_feed_settings" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"vat" numeric(5, 2),
	"box_type" text,
	"box_param" text DEFAULT '' NOT NULL,
	"big_box_value" text DEFAULT '' NOT NULL,
	"small_box_value" text DEFAULT '' NOT NULL,
	"round_price" boolean DEFAULT false NOT NULL,
	"auto_description" boolean DEFAULT false NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "heureka_feed_settings" ADD CONSTRAINT "heureka_feed_settings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN "summary" jsonb;

-- Issue 21, point 2: the categories of a partner's Heureka feed (CATEGORYTEXT) and their pairing with the marketplace's.
CREATE TABLE "heureka_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "heureka_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"category_text" text NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"category_id" integer,
	"paired_by" text,
	"paired_score" real,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "heureka_categories" ADD CONSTRAINT "heureka_categories_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heureka_categories" ADD CONSTRAINT "heureka_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "heureka_categories_partner_text_idx" ON "heureka_categories" USING btree ("partner_id","category_text");--> statement-breakpoint
CREATE INDEX "heureka_categories_partner_category_idx" ON "heureka_categories" USING btree ("partner_id","category_id");

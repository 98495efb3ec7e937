-- Issue 21, point 2: the seller's category, box and media overrides of its Heureka feed.
CREATE TABLE "heureka_category_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "heureka_category_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"category_id" integer NOT NULL,
	"param" text DEFAULT '' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "heureka_box_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "heureka_box_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"box_type" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "heureka_media_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "heureka_media_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"url" text NOT NULL,
	"energy_label" boolean DEFAULT false NOT NULL,
	"information_list" boolean DEFAULT false NOT NULL,
	"excluded" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "heureka_category_overrides" ADD CONSTRAINT "heureka_category_overrides_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heureka_category_overrides" ADD CONSTRAINT "heureka_category_overrides_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heureka_box_overrides" ADD CONSTRAINT "heureka_box_overrides_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heureka_media_overrides" ADD CONSTRAINT "heureka_media_overrides_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "heureka_category_overrides_key_idx" ON "heureka_category_overrides" USING btree ("partner_id","product_id","param");--> statement-breakpoint
CREATE INDEX "heureka_category_overrides_updated_idx" ON "heureka_category_overrides" USING btree ("partner_id","updated");--> statement-breakpoint
CREATE UNIQUE INDEX "heureka_box_overrides_key_idx" ON "heureka_box_overrides" USING btree ("partner_id","product_id");--> statement-breakpoint
CREATE INDEX "heureka_box_overrides_updated_idx" ON "heureka_box_overrides" USING btree ("partner_id","updated");--> statement-breakpoint
CREATE UNIQUE INDEX "heureka_media_overrides_key_idx" ON "heureka_media_overrides" USING btree ("partner_id","product_id","url");--> statement-breakpoint
CREATE INDEX "heureka_media_overrides_updated_idx" ON "heureka_media_overrides" USING btree ("partner_id","updated");

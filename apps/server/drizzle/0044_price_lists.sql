-- Issue 22: price lists as versions with a three-level commission tree, partner assignments and fee amounts per shop.
CREATE TABLE "price_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'STANDARD' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "price_lists_shop_idx" ON "price_lists" USING btree ("shop_id");--> statement-breakpoint
CREATE TABLE "price_list_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_list_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"price_list_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"commission" numeric(5, 2) NOT NULL,
	"created_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_versions_range_ck" CHECK ("price_list_versions"."valid_to" is null or "price_list_versions"."valid_to" > "price_list_versions"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "price_list_versions" ADD CONSTRAINT "price_list_versions_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_versions" ADD CONSTRAINT "price_list_versions_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_versions_from_uq" ON "price_list_versions" USING btree ("price_list_id","valid_from");--> statement-breakpoint
CREATE TABLE "price_list_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_list_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"commission" numeric(5, 2),
	"brands" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_version_id_price_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."price_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_items_node_uq" ON "price_list_items" USING btree ("version_id","category_id");--> statement-breakpoint
CREATE TABLE "price_list_assignments" (
	"partner_id" integer NOT NULL,
	"shop_id" text NOT NULL,
	"valid_from" date NOT NULL,
	"price_list_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_assignments_partner_id_shop_id_valid_from_pk" PRIMARY KEY("partner_id","shop_id","valid_from")
);
--> statement-breakpoint
ALTER TABLE "price_list_assignments" ADD CONSTRAINT "price_list_assignments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_assignments" ADD CONSTRAINT "price_list_assignments_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_assignments_list_idx" ON "price_list_assignments" USING btree ("price_list_id");--> statement-breakpoint
CREATE TABLE "shop_fees" (
	"shop_id" text NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_fees_shop_id_type_pk" PRIMARY KEY("shop_id","type")
);

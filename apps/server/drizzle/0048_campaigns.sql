CREATE TABLE "campaign_blacklist" (
	"campaign_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_blacklist_campaign_id_partner_id_pk" PRIMARY KEY("campaign_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_import_errors" (
	"partner_id" integer NOT NULL,
	"import_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "campaign_import_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"line" integer,
	"article_id" text,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "campaign_import_errors_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_imports" (
	"partner_id" integer NOT NULL,
	"id" uuid NOT NULL,
	"campaign_id" integer NOT NULL,
	"status" text NOT NULL,
	"file_id" uuid,
	"file_name" text NOT NULL,
	"products_count" integer DEFAULT 0 NOT NULL,
	"errors_count" integer DEFAULT 0 NOT NULL,
	"confirm_count" integer DEFAULT 0 NOT NULL,
	"file_error" text,
	"allow_to_import" boolean DEFAULT false NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "campaign_imports_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_products" (
	"partner_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text DEFAULT '' NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"import_id" uuid NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_products_partner_id_campaign_id_product_id_variant_id_pk" PRIMARY KEY("partner_id","campaign_id","product_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"labels" text[] DEFAULT '{}' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"min_discount" numeric(5, 2) DEFAULT 0 NOT NULL,
	"min_discount_rrp" numeric(5, 2) DEFAULT 0 NOT NULL,
	"max_reduction" numeric(5, 2),
	"article_count_min" integer DEFAULT 1 NOT NULL,
	"article_count_max" integer NOT NULL,
	"categories" integer[] DEFAULT '{}' NOT NULL,
	"divisions" integer[] DEFAULT '{}' NOT NULL,
	"shops" text[] NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"created_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_dates_ck" CHECK ("campaigns"."date_to" >= "campaigns"."date_from"),
	CONSTRAINT "campaigns_count_ck" CHECK ("campaigns"."article_count_max" >= "campaigns"."article_count_min")
);
--> statement-breakpoint
ALTER TABLE "campaign_blacklist" ADD CONSTRAINT "campaign_blacklist_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_blacklist" ADD CONSTRAINT "campaign_blacklist_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_imports" ADD CONSTRAINT "campaign_imports_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_imports" ADD CONSTRAINT "campaign_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_products" ADD CONSTRAINT "campaign_products_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_blacklist_partner_idx" ON "campaign_blacklist" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "campaign_import_errors_import_idx" ON "campaign_import_errors" USING btree ("partner_id","import_id","line","id");--> statement-breakpoint
CREATE INDEX "campaign_imports_partner_campaign_idx" ON "campaign_imports" USING btree ("partner_id","campaign_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_imports_unfinished_uq" ON "campaign_imports" USING btree ("partner_id","campaign_id") WHERE "campaign_imports"."status" in ('QUEUED', 'CHECKING', 'CONFIRM');--> statement-breakpoint
CREATE INDEX "campaign_products_campaign_idx" ON "campaign_products" USING btree ("campaign_id","partner_id");--> statement-breakpoint
CREATE INDEX "campaigns_from_idx" ON "campaigns" USING btree ("date_from","id");
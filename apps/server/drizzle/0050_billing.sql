CREATE TABLE "billing_document_items" (
	"partner_id" integer NOT NULL,
	"document_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"article_id" text,
	"order_id" bigint,
	"title" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"price_without_vat" numeric(14, 2) NOT NULL,
	"price_with_vat" numeric(14, 2) NOT NULL,
	"total_price" numeric(14, 2) NOT NULL,
	CONSTRAINT "billing_document_items_partner_id_document_id_position_pk" PRIMARY KEY("partner_id","document_id","position")
);
--> statement-breakpoint
CREATE TABLE "billing_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"shop_id" text NOT NULL,
	"document_type" text NOT NULL,
	"kind" text NOT NULL,
	"invoice_type_tag" text,
	"invoice_number" text NOT NULL,
	"document_number" text NOT NULL,
	"origin_document_id" bigint,
	"reference_id" text,
	"purch_no_c" text,
	"period" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivery_at" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" text NOT NULL,
	"total_without_vat" numeric(14, 2) NOT NULL,
	"total_vat" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"remaining" numeric(14, 2) NOT NULL,
	"variable_symbol" text NOT NULL,
	"note" text,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"supplier" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"tax_recap" jsonb NOT NULL,
	"run_id" integer
);
--> statement-breakpoint
CREATE TABLE "billing_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"file_id" uuid,
	"file_name" text,
	"documents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_offset_lines" (
	"partner_id" integer NOT NULL,
	"offset_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"line_kind" text NOT NULL,
	"document_id" bigint,
	"order_id" bigint,
	"reference" text NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"due_date" date,
	"sum_price" numeric(14, 2) NOT NULL,
	"offset_price" numeric(14, 2) NOT NULL,
	"remain_price" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "billing_offset_lines_partner_id_offset_id_position_pk" PRIMARY KEY("partner_id","offset_id","position")
);
--> statement-breakpoint
CREATE TABLE "billing_offsets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_offsets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"shop_id" text NOT NULL,
	"document_number" text NOT NULL,
	"period" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" date NOT NULL,
	"currency" text NOT NULL,
	"sum_price" numeric(14, 2) NOT NULL,
	"credit_price" numeric(14, 2) NOT NULL,
	"remaining_price" numeric(14, 2) NOT NULL,
	"diff_price" numeric(14, 2) NOT NULL,
	"variable_symbol" text NOT NULL,
	"supplier" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"run_id" integer
);
--> statement-breakpoint
CREATE TABLE "billing_overview_lines" (
	"partner_id" integer NOT NULL,
	"document_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"credit" boolean DEFAULT false NOT NULL,
	"article_id" text,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"price_with_vat" numeric(14, 2) NOT NULL,
	"commission_rate" numeric(6, 2) NOT NULL,
	"rate_source" text NOT NULL,
	"commission" numeric(14, 2) NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "billing_overview_lines_partner_id_document_id_order_id_item_id_pk" PRIMARY KEY("partner_id","document_id","order_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "billing_returns" (
	"partner_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"period" date NOT NULL,
	CONSTRAINT "billing_returns_partner_id_order_id_pk" PRIMARY KEY("partner_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" date NOT NULL,
	"partner_id" integer,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"last_partner_id" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "billing_series" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_series_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "self_billing_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"decision" text NOT NULL,
	"from_period" date,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_number_uq" ON "billing_documents" USING btree ("invoice_number");
--> statement-breakpoint
CREATE INDEX "billing_documents_partner_created_idx" ON "billing_documents" USING btree ("partner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_period_uq" ON "billing_documents" USING btree ("partner_id","period","kind",coalesce("origin_document_id", 0)) WHERE "billing_documents"."period" is not null;
--> statement-breakpoint
CREATE INDEX "billing_documents_open_idx" ON "billing_documents" USING btree ("partner_id","due_date","id") WHERE "billing_documents"."remaining" <> 0;
--> statement-breakpoint
CREATE INDEX "billing_documents_origin_idx" ON "billing_documents" USING btree ("origin_document_id");
--> statement-breakpoint
CREATE INDEX "billing_exports_partner_idx" ON "billing_exports" USING btree ("partner_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "billing_offset_lines_document_idx" ON "billing_offset_lines" USING btree ("partner_id","document_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_offsets_number_uq" ON "billing_offsets" USING btree ("document_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_offsets_period_uq" ON "billing_offsets" USING btree ("partner_id","period");
--> statement-breakpoint
CREATE INDEX "billing_offsets_partner_created_idx" ON "billing_offsets" USING btree ("partner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_overview_item_uq" ON "billing_overview_lines" USING btree ("partner_id","order_id","item_id","credit");
--> statement-breakpoint
CREATE INDEX "billing_runs_created_idx" ON "billing_runs" USING btree ("created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "self_billing_decisions_partner_idx" ON "self_billing_decisions" USING btree ("partner_id","decided_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_shop_rate_uq" ON "vat_rates" USING btree ("shop_id","rate");
--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_shop_default_uq" ON "vat_rates" USING btree ("shop_id") WHERE "vat_rates"."is_default";
--> statement-breakpoint
-- The shops' VAT rates (domain DEFAULT_VAT_RATES); operators keep them from here on.
INSERT INTO "vat_rates" ("shop_id", "rate", "is_default") VALUES
  ('CZ10MA', 21, true), ('CZ10MA', 12, false), ('CZ10MA', 0, false),
  ('SK10MA', 23, true), ('SK10MA', 19, false), ('SK10MA', 5, false), ('SK10MA', 0, false),
  ('PL20MA', 23, true), ('PL20MA', 8, false), ('PL20MA', 5, false), ('PL20MA', 0, false),
  ('SI10SI', 22, true), ('SI10SI', 9.5, false), ('SI10SI', 5, false), ('SI10SI', 0, false),
  ('HU20MA', 27, true), ('HU20MA', 18, false), ('HU20MA', 5, false), ('HU20MA', 0, false),
  ('HR10MA', 25, true), ('HR10MA', 13, false), ('HR10MA', 5, false), ('HR10MA', 0, false)
ON CONFLICT DO NOTHING;

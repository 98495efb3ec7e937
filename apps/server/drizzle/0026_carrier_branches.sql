-- Carrier branches (issue 19 point 6). search_text folds with pp_unaccent (0021) and is indexed with pg_trgm (0008),
-- so "plzen" finds "Plzeň" through the index; the generated column keeps the indexed expression in one place.
CREATE TABLE "carrier_branch_loads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carrier_branch_loads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text,
	"status" text NOT NULL,
	"file_id" bigint,
	"file_name" text,
	"account_id" integer,
	"lines" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"deactivated" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "carrier_branches" (
	"id" text PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"country" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"zip" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"active" boolean DEFAULT true NOT NULL,
	"cod_allowed" boolean DEFAULT true NOT NULL,
	"max_package_size" text,
	"opening_hours" text,
	"load_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(pp_unaccent(name || ' ' || city || ' ' || zip || ' ' || replace(zip, ' ', '') || ' ' || street))) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_consignments" (
	"partner_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"carrier" text NOT NULL,
	"consignment_id" text NOT NULL,
	"tracking_number" text,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_at" timestamp with time zone,
	CONSTRAINT "carrier_consignments_partner_id_order_id_carrier_pk" PRIMARY KEY("partner_id","order_id","carrier")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_branches_carrier_code_idx" ON "carrier_branches" USING btree ("carrier","code");--> statement-breakpoint
CREATE INDEX "carrier_branches_browse_idx" ON "carrier_branches" USING btree ("country","carrier","name","id") WHERE "carrier_branches"."active";--> statement-breakpoint
CREATE INDEX "carrier_branches_country_browse_idx" ON "carrier_branches" USING btree ("country","name","id") WHERE "carrier_branches"."active";--> statement-breakpoint
CREATE INDEX "carrier_branches_search_trgm_idx" ON "carrier_branches" USING gin ("search_text" gin_trgm_ops);
-- The catalogue: categories, parameters, brands and brand requests, and the partners' products (issue 8).
CREATE TABLE "brand_requests" (
	"partner_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "brand_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"name" text NOT NULL,
	"web_title" text,
	"description" text,
	"logo_file_id" uuid,
	"manufacturer" jsonb,
	"responsible_person" jsonb,
	"translations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"email" text,
	"account_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "brand_requests_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"accepted" boolean DEFAULT true NOT NULL,
	"claimed" boolean DEFAULT false NOT NULL,
	"mall_brand" boolean DEFAULT false NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"media_id" uuid,
	"url_key" text NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"parent_id" integer,
	"level" smallint NOT NULL,
	"sap_id" text NOT NULL,
	"names" jsonb NOT NULL,
	"conditions" text DEFAULT 'AND' NOT NULL,
	"recycling_fee" boolean DEFAULT false NOT NULL,
	"energy_label_required" boolean DEFAULT false NOT NULL,
	"information_sheet_required" boolean DEFAULT false NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_locks" (
	"partner_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "category_locks_partner_id_category_id_pk" PRIMARY KEY("partner_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "category_parameters" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"unit" text,
	"multiple" boolean DEFAULT false NOT NULL,
	"class" text NOT NULL,
	"mandatory_for_listing" boolean DEFAULT false NOT NULL,
	"variant" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"constraint" jsonb,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_errors" (
	"partner_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "product_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" text NOT NULL,
	"source" text NOT NULL,
	"import_id" uuid,
	"issues" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_errors_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_imports" (
	"partner_id" integer NOT NULL,
	"id" uuid NOT NULL,
	"account_id" integer,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"file_id" uuid,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "product_imports_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_media" (
	"partner_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"file_id" uuid,
	"thumb_url" text,
	"main" boolean DEFAULT false NOT NULL,
	"energy_label" boolean DEFAULT false NOT NULL,
	"information_list" boolean DEFAULT false NOT NULL,
	"width" integer,
	"height" integer,
	CONSTRAINT "product_media_partner_id_product_id_position_pk" PRIMARY KEY("partner_id","product_id","position")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"partner_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"price" numeric(14, 2),
	"rrp" numeric(14, 2),
	"in_stock" integer DEFAULT 0 NOT NULL,
	"barcode" text,
	"image_url" text,
	"delivery_delay" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "product_variants_partner_id_product_id_id_pk" PRIMARY KEY("partner_id","product_id","id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"partner_id" integer NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"product_type" text DEFAULT '' NOT NULL,
	"line" text,
	"short_desc" text,
	"long_desc" text,
	"brand_id" text,
	"category_id" integer,
	"barcode" text,
	"taric_code" text,
	"priority" integer DEFAULT 1 NOT NULL,
	"price" numeric(14, 2),
	"rrp" numeric(14, 2),
	"purchase_price" numeric(14, 2),
	"fair_price" numeric(14, 2),
	"weee_fee" numeric(14, 2),
	"vat" numeric(5, 2),
	"in_stock" integer DEFAULT 0 NOT NULL,
	"delivery_delay" integer DEFAULT 0 NOT NULL,
	"free_delivery" boolean DEFAULT false NOT NULL,
	"package_size" text,
	"weight" numeric(10, 3),
	"width" numeric(10, 3),
	"length" numeric(10, 3),
	"height" numeric(10, 3),
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"variable_parameters" text[] DEFAULT '{}' NOT NULL,
	"promotions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommended" text[] DEFAULT '{}' NOT NULL,
	"mallbox_allowed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"stage" text DEFAULT 'DRAFT' NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"blocked_reason" text,
	"has_errors" boolean DEFAULT false NOT NULL,
	"variant_count" integer DEFAULT 0 NOT NULL,
	"main_thumb_url" text,
	"sent_to_approval_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "expires_at" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "brand_requests_partner_requested_idx" ON "brand_requests" USING btree ("partner_id","requested_at","id");--> statement-breakpoint
CREATE INDEX "brand_requests_pending_idx" ON "brand_requests" USING btree ("requested_at") WHERE "brand_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "brand_requests_pending_brand_idx" ON "brand_requests" USING btree ("brand_id") WHERE "brand_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "brands_name_idx" ON "brands" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "brands_tag_trgm_idx" ON "brands" USING gin ("tag" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_shop_parent_idx" ON "categories" USING btree ("shop_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "categories_keywords_trgm_idx" ON "categories" USING gin ("keywords" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "category_parameters_category_code_idx" ON "category_parameters" USING btree ("category_id","code");--> statement-breakpoint
CREATE INDEX "product_errors_partner_product_idx" ON "product_errors" USING btree ("partner_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_imports_one_running_idx" ON "product_imports" USING btree ("partner_id") WHERE "product_imports"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_partner_id_idx" ON "product_variants" USING btree ("partner_id","id");--> statement-breakpoint
CREATE INDEX "products_partner_title_idx" ON "products" USING btree ("partner_id","title","id");--> statement-breakpoint
CREATE INDEX "products_partner_stock_idx" ON "products" USING btree ("partner_id","in_stock","title","id");--> statement-breakpoint
CREATE INDEX "products_partner_updated_idx" ON "products" USING btree ("partner_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "products_partner_created_idx" ON "products" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_partner_status_idx" ON "products" USING btree ("partner_id","status","stage","id");--> statement-breakpoint
CREATE INDEX "products_partner_price_idx" ON "products" USING btree ("partner_id","price" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_partner_category_idx" ON "products" USING btree ("partner_id","category_id","id");--> statement-breakpoint
CREATE INDEX "products_partner_brand_idx" ON "products" USING btree ("partner_id","brand_id","id");--> statement-breakpoint
CREATE INDEX "products_partner_blocked_idx" ON "products" USING btree ("partner_id","id") WHERE "products"."blocked";--> statement-breakpoint
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_id_trgm_idx" ON "products" USING gin ("id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_barcode_idx" ON "products" USING btree ("partner_id","barcode");
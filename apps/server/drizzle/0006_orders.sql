CREATE TABLE "order_items" (
	"partner_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"article_id" text,
	"partner_article_id" text,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"total_discount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"vat" numeric(5, 2) NOT NULL,
	"commission" numeric(14, 2) DEFAULT 0 NOT NULL,
	"cod_fee" numeric(14, 2) DEFAULT 0 NOT NULL,
	"prepaid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"purchase_price" numeric(14, 2),
	"serial_numbers" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "order_items_partner_id_order_id_id_pk" PRIMARY KEY("partner_id","order_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_shipment_history" (
	"partner_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_shipment_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_shipment_history_partner_id_order_id_id_pk" PRIMARY KEY("partner_id","order_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"partner_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"account_id" integer,
	"admin_account_id" integer,
	"tracking_number" text,
	CONSTRAINT "order_status_history_partner_id_order_id_id_pk" PRIMARY KEY("partner_id","order_id","id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"partner_id" integer NOT NULL,
	"id" bigint NOT NULL,
	"purchase_id" text,
	"external_id" text,
	"status" text NOT NULL,
	"confirmed" boolean DEFAULT true NOT NULL,
	"order_type" text DEFAULT 'mall' NOT NULL,
	"delivery_type" text,
	"payment_type" text NOT NULL,
	"currency" text NOT NULL,
	"parcel_count" integer DEFAULT 1 NOT NULL,
	"tracking_number" text,
	"tracking_url" text,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"delivery_company" text,
	"delivery_street" text,
	"delivery_city" text,
	"delivery_zip" text,
	"delivery_country" text,
	"branch_id" text,
	"secondary_branch_id" text,
	"invoice_number" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"is_mall_delivery" boolean DEFAULT false NOT NULL,
	"necessary_inspection" boolean DEFAULT false NOT NULL,
	"ready_to_return" boolean DEFAULT false NOT NULL,
	"total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_discount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"cod" numeric(14, 2) DEFAULT 0 NOT NULL,
	"delivery_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"cod_fee" numeric(14, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivery_date" date,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"first_delivery_attempt_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE INDEX "orders_partner_status_idx" ON "orders" USING btree ("partner_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_partner_created_idx" ON "orders" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_partner_delivery_date_idx" ON "orders" USING btree ("partner_id","delivery_date");
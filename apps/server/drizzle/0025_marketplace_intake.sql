CREATE SEQUENCE "public"."demo_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 8000000000000 CACHE 1;--> statement-breakpoint
CREATE TABLE "marketplace_order_intake" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"channel" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_delivery_configs" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"fee" numeric(14, 2),
	"register_branch" text,
	"return_branch" text,
	"return_pin" text,
	"opening_hours" jsonb,
	"spectrum_status" text DEFAULT 'inactive' NOT NULL,
	"spectrum_fee" numeric(14, 2),
	"label_type" text DEFAULT 'pdf' NOT NULL,
	"collections_enabled" boolean DEFAULT false NOT NULL,
	"collections_on_demand" boolean DEFAULT false NOT NULL,
	"collections_time_start" text,
	"collections_time_end" text,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_delivery_requests" (
	"partner_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mall_delivery_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" integer,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"reason" text,
	CONSTRAINT "mall_delivery_requests_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "marketplace_order_intake_partner_idx" ON "marketplace_order_intake" USING btree ("partner_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_delivery_requests_pending_uq" ON "mall_delivery_requests" USING btree ("partner_id") WHERE "mall_delivery_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mall_delivery_requests_queue_idx" ON "mall_delivery_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "orders_partner_dip_idx" ON "orders" USING btree ("partner_id","id") WHERE "orders"."is_dip";
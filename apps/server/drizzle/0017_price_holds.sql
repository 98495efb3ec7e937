CREATE TABLE "product_price_holds" (
	"partner_id" integer NOT NULL,
	"source_id" uuid NOT NULL,
	"source" text NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text DEFAULT '' NOT NULL,
	"price_from" numeric(14, 2) NOT NULL,
	"price_to" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_price_holds_partner_id_source_id_product_id_variant_id_pk" PRIMARY KEY("partner_id","source_id","product_id","variant_id")
);
--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "product_price_holds_partner_product_idx" ON "product_price_holds" USING btree ("partner_id","product_id");
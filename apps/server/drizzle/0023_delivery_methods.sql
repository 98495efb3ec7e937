-- Hand-edited: existing rows need a transport before NOT NULL holds; until now `code` held the carrier code,
-- so the backfill copies it (the code stays as the partner's own method code).
ALTER TABLE "partner_deliveries" ADD COLUMN "transport" text;--> statement-breakpoint
UPDATE "partner_deliveries" SET "transport" = "code";--> statement-breakpoint
ALTER TABLE "partner_deliveries" ALTER COLUMN "transport" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "delivery_kind" text DEFAULT 'deposit' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "package_size" text;--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "min_height" numeric(8, 1);--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "max_height" numeric(8, 1);--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "min_width" numeric(8, 1);--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "max_width" numeric(8, 1);--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "min_length" numeric(8, 1);--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "max_length" numeric(8, 1);--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "min_weight" numeric(8, 3);--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "max_weight" numeric(8, 3);--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "close_times" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "pricing" text DEFAULT 'FIXED' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "price_levels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "mdp_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD COLUMN "mall_delivery_type" text;
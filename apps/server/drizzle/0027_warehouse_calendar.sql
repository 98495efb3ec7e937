CREATE TABLE "partner_delivery_settings" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"calendar_country" text NOT NULL,
	"calendar_type" text DEFAULT 'MP_WORKING_DAYS' NOT NULL,
	"supply_delay_from" integer DEFAULT 0 NOT NULL,
	"supply_delay_to" integer DEFAULT 0 NOT NULL,
	"carrier_close_time" text DEFAULT '14:00' NOT NULL,
	"postponement_enabled" boolean DEFAULT false NOT NULL,
	"cod_payment_disabled" boolean DEFAULT false NOT NULL,
	"transport_v2" boolean DEFAULT false NOT NULL,
	"export_to_feed" boolean DEFAULT true NOT NULL,
	"export_to_ppc" boolean DEFAULT true NOT NULL,
	"export_to_affiliate" boolean DEFAULT true NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_delivery_settings_supply_delay_ck" CHECK ("partner_delivery_settings"."supply_delay_from" between 0 and 30 and "partner_delivery_settings"."supply_delay_to" between "partner_delivery_settings"."supply_delay_from" and 30),
	CONSTRAINT "partner_delivery_settings_close_time_ck" CHECK ("partner_delivery_settings"."carrier_close_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatch_date" date;--> statement-breakpoint
ALTER TABLE "partner_delivery_settings" ADD CONSTRAINT "partner_delivery_settings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: orders that arrived before the ship-by date was stored get the weekday before their delivery date
-- (carriers deliver the next working day; public holidays of the past are not looked up here). New orders get
-- theirs from the working-day calendar when they arrive (domain expectedOrderDates).
UPDATE "orders" SET "dispatch_date" = "delivery_date" - (CASE extract(isodow FROM "delivery_date")::int WHEN 1 THEN 3 WHEN 7 THEN 2 ELSE 1 END) WHERE "delivery_date" IS NOT NULL AND "dispatch_date" IS NULL;

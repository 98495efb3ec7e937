-- Issue 22 point 6: the partner's public page (marketing/partner-page). Title and logo stay on partners.
CREATE TABLE "partner_pages" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"web_url" text DEFAULT '' NOT NULL,
	"terms_url" text DEFAULT '' NOT NULL,
	"complaints_url" text DEFAULT '' NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_pages" ADD CONSTRAINT "partner_pages_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;

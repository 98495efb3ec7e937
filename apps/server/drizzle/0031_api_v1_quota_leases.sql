CREATE TABLE "api_quota_leases" (
	"partner_id" integer NOT NULL,
	"day" date NOT NULL,
	"domain" text NOT NULL,
	"holder" text NOT NULL,
	"amount" integer NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_quota_leases_partner_id_day_domain_holder_pk" PRIMARY KEY("partner_id","day","domain","holder")
);
--> statement-breakpoint
ALTER TABLE "api_quota_leases" ADD CONSTRAINT "api_quota_leases_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_uq" ON "api_keys" USING btree ("secret_hash");
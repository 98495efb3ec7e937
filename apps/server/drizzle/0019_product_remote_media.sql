CREATE TABLE "product_remote_media" (
	"partner_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"url" text NOT NULL,
	"url_hash" text GENERATED ALWAYS AS (md5(url)) STORED NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"file_id" uuid,
	"thumb_url" text,
	"width" integer,
	"height" integer,
	"error_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_remote_media_partner_id_product_id_url_hash_pk" PRIMARY KEY("partner_id","product_id","url_hash")
);
--> statement-breakpoint
CREATE INDEX "product_remote_media_due_idx" ON "product_remote_media" USING btree ("partner_id","next_attempt_at") WHERE "product_remote_media"."status" = 'PENDING';
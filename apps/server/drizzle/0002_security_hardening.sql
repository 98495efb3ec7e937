CREATE TABLE "auth_known_clients" (
	"account_id" integer NOT NULL,
	"ip" text NOT NULL,
	"last_success_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_known_clients_account_id_ip_pk" PRIMARY KEY("account_id","ip")
);
--> statement-breakpoint
CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "login_tokens" ADD COLUMN "origin_session_id" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "origin_session_id" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "absolute_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "absolute_expires_at" = "created_at" + interval '24 hours';--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "absolute_expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_known_clients" ADD CONSTRAINT "auth_known_clients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_tokens_account_idx" ON "login_tokens" USING btree ("account_id","purpose");--> statement-breakpoint
CREATE INDEX "sessions_origin_idx" ON "sessions" USING btree ("origin_session_id");
CREATE TABLE "account_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"email" text NOT NULL,
	"policies" text[] DEFAULT '{}'::text[] NOT NULL,
	"invited_by" integer,
	"token_hash" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_invited_by_accounts_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_invitations_partner_email_uq" ON "account_invitations" USING btree ("partner_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "account_invitations_token_uq" ON "account_invitations" USING btree ("token_hash");
CREATE TABLE "stored_files" (
	"partner_id" integer NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stored_files_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "export_runs" (
	"partner_id" integer NOT NULL,
	"id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"file_id" uuid,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "export_runs_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE INDEX "stored_files_expires_idx" ON "stored_files" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "export_runs_one_unfinished_idx" ON "export_runs" USING btree ("account_id") WHERE status in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "export_runs_created_idx" ON "export_runs" USING btree ("created_at");
-- Issue 21: the feeds a partner connects (the marketplace's and Heureka's, products and availability), their
-- runs and each run's error log. The basic-auth password is stored sealed (platform/secrets.ts).
CREATE TABLE "feeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"format" text NOT NULL,
	"type" text NOT NULL,
	"url" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"basic_auth_name" text,
	"basic_auth_password" text,
	"schedule_minutes" integer,
	"validation_state" text,
	"validated_at" timestamp with time zone,
	"validation_error" text,
	"next_run_at" timestamp with time zone,
	"last_run_id" bigint,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feeds_format_ck" CHECK ("format" in ('MALL', 'HEUREKA')),
	CONSTRAINT "feeds_type_ck" CHECK ("type" in ('PRODUCTS', 'AVAILABILITY')),
	CONSTRAINT "feeds_schedule_ck" CHECK ("schedule_minutes" is null or "schedule_minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "feeds_partner_format_type_idx" ON "feeds" USING btree ("partner_id","format","type");
--> statement-breakpoint
CREATE INDEX "feeds_due_idx" ON "feeds" USING btree ("next_run_at") WHERE "feeds"."next_run_at" is not null;
--> statement-breakpoint
CREATE TABLE "feed_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"feed_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"format" text NOT NULL,
	"type" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"processed" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_runs_status_ck" CHECK ("status" in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
	CONSTRAINT "feed_runs_trigger_ck" CHECK ("trigger" in ('MANUAL', 'SCHEDULE', 'RESET'))
);
--> statement-breakpoint
ALTER TABLE "feed_runs" ADD CONSTRAINT "feed_runs_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- One unfinished run per feed, whichever process queues it (the schedule of two processes, a person's click).
CREATE UNIQUE INDEX "feed_runs_one_open_idx" ON "feed_runs" USING btree ("feed_id") WHERE "feed_runs"."status" in ('QUEUED', 'RUNNING');
--> statement-breakpoint
CREATE INDEX "feed_runs_grid_idx" ON "feed_runs" USING btree ("partner_id","format",coalesce("started_at", "created") desc,"id");
--> statement-breakpoint
CREATE TABLE "feed_run_errors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_run_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"partner_id" integer NOT NULL,
	"item_code" text,
	"error_code" text NOT NULL,
	"params" jsonb,
	"field" text,
	"line" integer,
	"url" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_run_errors" ADD CONSTRAINT "feed_run_errors_run_id_feed_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."feed_runs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "feed_run_errors_run_idx" ON "feed_run_errors" USING btree ("partner_id","run_id","id");

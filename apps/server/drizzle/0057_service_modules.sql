CREATE TABLE "partner_service_modules" (
	"partner_id" integer NOT NULL,
	"module" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "partner_service_modules_partner_id_module_pk" PRIMARY KEY("partner_id","module")
);
--> statement-breakpoint
ALTER TABLE "partner_service_modules" ADD CONSTRAINT "partner_service_modules_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "partner_service_modules" ADD CONSTRAINT "partner_service_modules_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "portal_dialogs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_dialogs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shops" text[] NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "portal_dialogs_shops_idx" ON "portal_dialogs" USING gin ("shops") WHERE "portal_dialogs"."published";
--> statement-breakpoint
CREATE TABLE "portal_dialog_texts" (
	"dialog_id" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "portal_dialog_texts_dialog_id_lang_pk" PRIMARY KEY("dialog_id","lang")
);
--> statement-breakpoint
ALTER TABLE "portal_dialog_texts" ADD CONSTRAINT "portal_dialog_texts_dialog_id_portal_dialogs_id_fk" FOREIGN KEY ("dialog_id") REFERENCES "public"."portal_dialogs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "portal_dialog_dismissals" (
	"dialog_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_dialog_dismissals_account_id_dialog_id_pk" PRIMARY KEY("account_id","dialog_id")
);
--> statement-breakpoint
ALTER TABLE "portal_dialog_dismissals" ADD CONSTRAINT "portal_dialog_dismissals_dialog_id_portal_dialogs_id_fk" FOREIGN KEY ("dialog_id") REFERENCES "public"."portal_dialogs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_dialog_dismissals" ADD CONSTRAINT "portal_dialog_dismissals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stream_tokens" ADD COLUMN "watch_partner_id" integer;

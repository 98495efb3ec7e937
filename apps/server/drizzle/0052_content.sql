-- Services, the mall-pay and financing pages and the help center (issue 23 point 7). Shared by all partners.
CREATE TABLE "content_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_name" text NOT NULL,
	"provider" text NOT NULL,
	"link" text,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_services_service_name_unique" UNIQUE("service_name")
);
--> statement-breakpoint
CREATE TABLE "content_service_texts" (
	"service_id" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"price" text DEFAULT '' NOT NULL,
	CONSTRAINT "content_service_texts_service_id_lang_pk" PRIMARY KEY("service_id","lang")
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"key" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_key_lang_pk" PRIMARY KEY("key","lang")
);
--> statement-breakpoint
CREATE TABLE "content_faq" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_faq_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"topic" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_faq_texts" (
	"faq_id" integer NOT NULL,
	"lang" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"search_text" text NOT NULL,
	CONSTRAINT "content_faq_texts_faq_id_lang_pk" PRIMARY KEY("faq_id","lang")
);
--> statement-breakpoint
ALTER TABLE "content_service_texts" ADD CONSTRAINT "content_service_texts_service_id_content_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."content_services"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_faq_texts" ADD CONSTRAINT "content_faq_texts_faq_id_content_faq_id_fk" FOREIGN KEY ("faq_id") REFERENCES "public"."content_faq"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "content_faq_order_idx" ON "content_faq" USING btree ("topic","position","id");
--> statement-breakpoint
CREATE INDEX "content_faq_texts_search_trgm_idx" ON "content_faq_texts" USING gin (lower(pp_unaccent("search_text")) gin_trgm_ops);

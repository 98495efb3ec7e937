-- Issue 21, point 2: the PARAMs and MANUFACTURERs of a partner's Heureka feed and their pairing with the marketplace's parameters, values and brands.
CREATE TABLE "heureka_params" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "heureka_params_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"heureka_category_id" integer NOT NULL,
	"name" text NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"variant_groups" integer DEFAULT 0 NOT NULL,
	"parameter_code" text,
	"paired_by" text,
	"paired_score" real,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "heureka_param_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "heureka_param_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"param_id" integer NOT NULL,
	"value" text NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"mapped_value" text,
	"paired_by" text,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "heureka_brands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "heureka_brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"manufacturer" text NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"brand_id" text,
	"paired_by" text,
	"requested" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "heureka_params" ADD CONSTRAINT "heureka_params_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heureka_params" ADD CONSTRAINT "heureka_params_heureka_category_id_heureka_categories_id_fk" FOREIGN KEY ("heureka_category_id") REFERENCES "public"."heureka_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heureka_param_values" ADD CONSTRAINT "heureka_param_values_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heureka_param_values" ADD CONSTRAINT "heureka_param_values_param_id_heureka_params_id_fk" FOREIGN KEY ("param_id") REFERENCES "public"."heureka_params"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heureka_brands" ADD CONSTRAINT "heureka_brands_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "heureka_params_category_name_idx" ON "heureka_params" USING btree ("heureka_category_id","name");--> statement-breakpoint
CREATE INDEX "heureka_params_partner_category_idx" ON "heureka_params" USING btree ("partner_id","heureka_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "heureka_param_values_param_value_idx" ON "heureka_param_values" USING btree ("param_id","value");--> statement-breakpoint
CREATE INDEX "heureka_param_values_partner_idx" ON "heureka_param_values" USING btree ("partner_id","param_id");--> statement-breakpoint
CREATE UNIQUE INDEX "heureka_brands_partner_manufacturer_idx" ON "heureka_brands" USING btree ("partner_id","manufacturer");

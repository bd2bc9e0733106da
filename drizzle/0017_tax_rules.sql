CREATE TABLE "tax_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"registered" boolean NOT NULL,
	"kind" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"included" boolean NOT NULL,
	"registrations" jsonb NOT NULL,
	"changed_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rules_country_check" CHECK ("tax_rules"."country" in ('kr', 'us', 'au', 'vn', 'cn', 'my')),
	CONSTRAINT "tax_rules_kind_check" CHECK ("tax_rules"."kind" in ('vat', 'gst', 'sst', 'sales_tax')),
	CONSTRAINT "tax_rules_rate_check" CHECK ("tax_rules"."rate_basis_points" >= 0 and "tax_rules"."rate_basis_points" <= 3000)
);
--> statement-breakpoint
ALTER TABLE "tax_rules" ADD CONSTRAINT "tax_rules_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_rules_country_idx" ON "tax_rules" USING btree ("country","created_at");
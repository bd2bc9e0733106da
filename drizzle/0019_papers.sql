CREATE TABLE "paper_counters" (
	"country" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "paper_counters_country_year_pk" PRIMARY KEY("country","year"),
	CONSTRAINT "paper_counters_last_check" CHECK ("paper_counters"."last" >= 1)
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"country" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"tax_rule" jsonb NOT NULL,
	"buyer" jsonb,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "papers_kind_check" CHECK ("papers"."kind" in ('receipt', 'tax_invoice', 'credit_note')),
	CONSTRAINT "papers_amounts_check" CHECK ("papers"."amount_minor" >= 0 and "papers"."tax_minor" >= 0 and "papers"."tax_minor" <= "papers"."amount_minor"),
	CONSTRAINT "papers_credit_note_check" CHECK (("papers"."kind" = 'credit_note') = ("papers"."refund_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "papers_number_key" ON "papers" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "papers_series_key" ON "papers" USING btree ("country","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "papers_order_kind_once" ON "papers" USING btree ("order_id","kind") WHERE "papers"."refund_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "papers_refund_once" ON "papers" USING btree ("refund_id") WHERE "papers"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "papers_issued_idx" ON "papers" USING btree ("country","issued_at");
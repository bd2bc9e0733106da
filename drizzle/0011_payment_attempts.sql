CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"payment_ref" text,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"idempotency_key" text NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_status_check" CHECK ("payment_attempts"."status" in ('started', 'processing', 'succeeded', 'failed', 'refused')),
	CONSTRAINT "payment_attempts_provider_check" CHECK ("payment_attempts"."provider" in ('toss', 'stripe', 'paypal', 'sandbox')),
	CONSTRAINT "payment_attempts_method_check" CHECK ("payment_attempts"."method" in ('tosspayments', 'stripe', 'paypal', 'alipay', 'wechatpay', 'unionpay')),
	CONSTRAINT "payment_attempts_amount_check" CHECK ("payment_attempts"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_order_id_idx" ON "payment_attempts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_reference_key" ON "payment_attempts" USING btree ("provider","reference") WHERE "payment_attempts"."reference" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("paid_attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Data: every order paid before payment attempts existed gets the attempt that paid it.
INSERT INTO "payment_attempts" ("order_id", "provider", "method", "reference", "payment_ref", "amount_minor", "currency", "status", "idempotency_key", "created_at", "completed_at")
SELECT "id", "payment_provider", 'tosspayments', "payment_key", "payment_key", "amount_minor", "currency", 'succeeded', 'backfill:' || "id", coalesce("paid_at", "updated_at"), "paid_at"
FROM "orders" WHERE "payment_key" IS NOT NULL AND "payment_provider" IN ('toss', 'sandbox');--> statement-breakpoint
UPDATE "orders" SET "paid_attempt_id" = a."id" FROM "payment_attempts" a WHERE a."order_id" = "orders"."id" AND a."idempotency_key" = 'backfill:' || "orders"."id";

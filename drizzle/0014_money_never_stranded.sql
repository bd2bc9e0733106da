ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "test_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "quote_version" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "status" text DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "cancel_event" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "cancel_from" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("updated_at") WHERE "payment_attempts"."status" in ('started', 'processing', 'unknown');--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_open_per_order" ON "refunds" USING btree ("order_id") WHERE "refunds"."status" in ('requested', 'unknown') and "refunds"."attempt_id" is null;--> statement-breakpoint
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("updated_at") WHERE "refunds"."status" in ('requested', 'unknown');--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('order_paid', 'order_status', 'order_comment', 'order_files', 'staff_order', 'staff_brief', 'staff_contact', 'staff_review', 'consultation_received', 'quote_sent', 'staff_quote', 'staff_money'));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_status_check" CHECK ("payment_attempts"."status" in ('started', 'processing', 'unknown', 'succeeded', 'failed', 'refused'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('requested', 'unknown', 'succeeded', 'failed'));--> statement-breakpoint
-- Refunds recorded before statuses existed were recorded only once the provider had refunded them.
UPDATE "refunds" SET "completed_at" = "created_at", "updated_at" = "created_at";--> statement-breakpoint
-- Orders paid through the offline sandbox took no real money.
UPDATE "orders" SET "test_payment" = true WHERE "payment_provider" = 'sandbox';
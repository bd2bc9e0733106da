CREATE TABLE "cash_receipt_cancels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"evidence_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"failure" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "cash_receipt_cancels_amount_check" CHECK ("cash_receipt_cancels"."amount_minor" > 0),
	CONSTRAINT "cash_receipt_cancels_status_check" CHECK ("cash_receipt_cancels"."status" in ('requested', 'done', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "evidence_requests" ADD COLUMN "amount_minor" integer;--> statement-breakpoint
ALTER TABLE "cash_receipt_cancels" ADD CONSTRAINT "cash_receipt_cancels_evidence_id_evidence_requests_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_receipt_cancels" ADD CONSTRAINT "cash_receipt_cancels_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_receipt_cancels_refund_once" ON "cash_receipt_cancels" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_receipt_cancels_key" ON "cash_receipt_cancels" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "cash_receipt_cancels_open_idx" ON "cash_receipt_cancels" USING btree ("requested_at") WHERE "cash_receipt_cancels"."status" = 'requested';
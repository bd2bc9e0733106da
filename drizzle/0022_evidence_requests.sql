CREATE TABLE "evidence_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"purpose" text,
	"identity" text NOT NULL,
	"company" text,
	"representative" text,
	"email" text,
	"idempotency_key" text NOT NULL,
	"reference" text,
	"number" text,
	"receipt_url" text,
	"failure" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"recorded_by" uuid,
	CONSTRAINT "evidence_requests_kind_check" CHECK ("evidence_requests"."kind" in ('cash_receipt', 'tax_invoice')),
	CONSTRAINT "evidence_requests_status_check" CHECK ("evidence_requests"."status" in ('requested', 'issued', 'refused')),
	CONSTRAINT "evidence_requests_issued_check" CHECK (("evidence_requests"."status" = 'issued') = ("evidence_requests"."number" is not null and "evidence_requests"."issued_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "evidence_requests" ADD CONSTRAINT "evidence_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_requests" ADD CONSTRAINT "evidence_requests_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_requests_key" ON "evidence_requests" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_requests_one_per_order" ON "evidence_requests" USING btree ("order_id") WHERE "evidence_requests"."status" <> 'refused';--> statement-breakpoint
CREATE INDEX "evidence_requests_open_idx" ON "evidence_requests" USING btree ("kind","requested_at") WHERE "evidence_requests"."status" = 'requested';
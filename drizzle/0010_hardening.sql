ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_fingerprint" text;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree (coalesce("user_id"::text, "guest_id"),"idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "uploaded_files_unclaimed_idx" ON "uploaded_files" USING btree ("created_at") WHERE "uploaded_files"."brief_id" is null and "uploaded_files"."order_id" is null;
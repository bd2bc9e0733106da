ALTER TABLE "cart_items" RENAME COLUMN "session_id" TO "guest_id";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "session_id" TO "guest_id";--> statement-breakpoint
ALTER TABLE "uploaded_files" RENAME COLUMN "owner_session_id" TO "owner_guest_id";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_owner_check";--> statement-breakpoint
DROP INDEX "cart_items_session_id_idx";--> statement-breakpoint
DROP INDEX "orders_session_id_idx";--> statement-breakpoint
DROP INDEX "users_username_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Addresses that came from Google were verified by Google.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "google_subject" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "cart_items_guest_id_idx" ON "cart_items" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "orders_guest_id_idx" ON "orders" USING btree ("guest_id");--> statement-breakpoint
-- Usernames become unique regardless of case: a later "Admin" beside "admin" gets a suffix.
UPDATE "users" AS u SET "username" = u."username" || '-' || substr(u."id"::text, 1, 4)
WHERE EXISTS (SELECT 1 FROM "users" AS o WHERE lower(o."username") = lower(u."username") AND (o."created_at", o."id") < (u."created_at", u."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_owner_check" CHECK ("cart_items"."user_id" is not null or "cart_items"."guest_id" is not null);--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_to_status_check" CHECK ("order_status_history"."to_status" in ('pending', 'quote_review', 'order_received', 'in_progress', 'draft_delivered', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_from_status_check" CHECK ("order_status_history"."from_status" is null or "order_status_history"."from_status" in ('pending', 'quote_review', 'order_received', 'in_progress', 'draft_delivered', 'completed', 'cancelled'));
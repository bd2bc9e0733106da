CREATE TABLE "storage_deletions" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_guest_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_guest_check" CHECK ("orders"."is_guest_order" = false or "orders"."guest_id" is not null or "orders"."erased_at" is not null);
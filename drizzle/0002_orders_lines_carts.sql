CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_krw" integer NOT NULL,
	"total_krw" integer NOT NULL,
	CONSTRAINT "order_lines_kind_check" CHECK ("order_lines"."kind" in ('template', 'package', 'service')),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" >= 1),
	CONSTRAINT "order_lines_amount_check" CHECK ("order_lines"."unit_price_krw" >= 0 and "order_lines"."total_krw" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_owner_check";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_quantity_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_quantity_check";--> statement-breakpoint
DROP INDEX "cart_items_user_id_idx";--> statement-breakpoint
DROP INDEX "cart_items_guest_id_idx";--> statement-breakpoint
DROP INDEX "orders_user_id_idx";--> statement-breakpoint
DROP INDEX "orders_guest_id_idx";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "amount_krw" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_minor" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_url" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_key" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_template_key" ON "cart_items" USING btree ("user_id","template_id") WHERE "cart_items"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_guest_template_key" ON "cart_items" USING btree ("guest_id","template_id") WHERE "cart_items"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_user_id_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_guest_id_idx" ON "orders" USING btree ("guest_id","created_at");--> statement-breakpoint
ALTER TABLE "cart_items" DROP COLUMN "template_title";--> statement-breakpoint
ALTER TABLE "cart_items" DROP COLUMN "template_price_krw";--> statement-breakpoint
ALTER TABLE "cart_items" DROP COLUMN "template_image";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "service_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "package_slug";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "template_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "package_name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "selected_template";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "package_price_krw";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "final_price_minor";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_owner_check" CHECK (("cart_items"."user_id" is not null) <> ("cart_items"."guest_id" is not null));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" between 1 and 100);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_country_check" CHECK ("orders"."country" in ('kr', 'us', 'au', 'vn', 'cn', 'my'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_krw" >= 0 and "orders"."amount_minor" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_guest_check" CHECK ("orders"."is_guest_order" = false or "orders"."guest_id" is not null);
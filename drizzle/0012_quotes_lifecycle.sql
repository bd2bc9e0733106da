CREATE TABLE "order_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"author_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_messages_kind_check" CHECK ("order_messages"."kind" in ('question', 'decline'))
);
--> statement-breakpoint
CREATE TABLE "order_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"note" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_quotes_amount_check" CHECK ("order_quotes"."amount_minor" > 0 and "order_quotes"."amount_minor" <= 1500000000),
	CONSTRAINT "order_quotes_version_check" CHECK ("order_quotes"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "order_status_history" DROP CONSTRAINT "order_status_history_to_status_check";--> statement-breakpoint
ALTER TABLE "order_status_history" DROP CONSTRAINT "order_status_history_from_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_quotes" ADD CONSTRAINT "order_quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_quotes" ADD CONSTRAINT "order_quotes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_messages_order_id_idx" ON "order_messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_quotes_order_version_key" ON "order_quotes" USING btree ("order_id","version");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('order_paid', 'order_status', 'order_comment', 'order_files', 'staff_order', 'staff_brief', 'staff_contact', 'staff_review', 'consultation_received', 'quote_sent', 'staff_quote'));--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_actor_check" CHECK ("order_status_history"."actor" is null or "order_status_history"."actor" in ('customer', 'linkHolder', 'staff', 'provider', 'system'));--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_to_status_check" CHECK ("order_status_history"."to_status" in ('pending', 'quote_review', 'quoted', 'order_received', 'in_progress', 'draft_delivered', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_from_status_check" CHECK ("order_status_history"."from_status" is null or "order_status_history"."from_status" in ('pending', 'quote_review', 'quoted', 'order_received', 'in_progress', 'draft_delivered', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'quote_review', 'quoted', 'order_received', 'in_progress', 'draft_delivered', 'completed', 'cancelled'));
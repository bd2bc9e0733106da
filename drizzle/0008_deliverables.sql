CREATE TABLE "revision_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"note" text NOT NULL,
	"requested_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "uploaded_files" DROP CONSTRAINT "uploaded_files_size_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "draft_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revisions_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "purpose" text DEFAULT 'reference' NOT NULL;--> statement-breakpoint
ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "revision_requests_order_round_key" ON "revision_requests" USING btree ("order_id","round");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('order_paid', 'order_status', 'order_comment', 'order_files', 'staff_order', 'staff_brief', 'staff_contact', 'staff_review'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_revisions_used_check" CHECK ("orders"."revisions_used" >= 0);--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_purpose_check" CHECK ("uploaded_files"."purpose" in ('reference', 'draft', 'final'));--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_deliverable_order_check" CHECK ("uploaded_files"."purpose" = 'reference' or "uploaded_files"."order_id" is not null);--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_size_check" CHECK ("uploaded_files"."size_bytes" between 1 and (case when "uploaded_files"."purpose" = 'reference' then 10485760 else 209715200 end));
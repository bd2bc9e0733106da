CREATE TABLE "order_conversations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"baseline_seq" bigint DEFAULT 0 NOT NULL,
	"awaiting_reply_since" timestamp with time zone,
	"customer_unmailed_since" timestamp with time zone,
	"staff_unmailed_since" timestamp with time zone,
	"customer_mailed_seq" bigint DEFAULT 0 NOT NULL,
	"staff_mailed_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_message_reads" (
	"order_id" uuid NOT NULL,
	"reader" text NOT NULL,
	"side" text NOT NULL,
	"last_seen_seq" bigint NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_message_reads_order_id_reader_pk" PRIMARY KEY("order_id","reader"),
	CONSTRAINT "order_message_reads_side_check" CHECK ("order_message_reads"."side" in ('customer', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "order_conversations" ADD CONSTRAINT "order_conversations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_message_reads" ADD CONSTRAINT "order_message_reads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_conversations_awaiting_idx" ON "order_conversations" USING btree ("awaiting_reply_since") WHERE "order_conversations"."awaiting_reply_since" is not null;--> statement-breakpoint
CREATE INDEX "order_conversations_customer_unmailed_idx" ON "order_conversations" USING btree ("customer_unmailed_since") WHERE "order_conversations"."customer_unmailed_since" is not null;--> statement-breakpoint
CREATE INDEX "order_conversations_staff_unmailed_idx" ON "order_conversations" USING btree ("staff_unmailed_since") WHERE "order_conversations"."staff_unmailed_since" is not null;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('order_paid', 'order_status', 'order_comment', 'order_files', 'staff_order', 'staff_brief', 'staff_contact', 'staff_review', 'consultation_received', 'quote_sent', 'staff_quote', 'staff_money', 'order_kept', 'order_messages', 'staff_messages'));--> statement-breakpoint
-- What was said before the thread existed was read and answered by e-mail: it counts as read, and
-- owes nobody a mail.
INSERT INTO "order_conversations" ("order_id", "baseline_seq", "customer_mailed_seq", "staff_mailed_seq")
  SELECT "order_id", max("seq"), max("seq"), max("seq") FROM "order_messages" GROUP BY "order_id";

CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"ip" text,
	"user_agent" text,
	"session_id" uuid,
	"request_id" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"order_id" uuid,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_events_actor_kind_check" CHECK ("audit_events"."actor_kind" in ('staff', 'customer', 'linkHolder', 'system')),
	CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('order.status', 'order.comment', 'order.cancel', 'quote.sent', 'files.delivered', 'files.attached', 'brief.status', 'inbox.handled', 'papers.tax_invoice', 'papers.exported', 'settings.tax_rule', 'user.role', 'auth.sign_in', 'auth.sign_in_failed', 'auth.sign_out', 'account.erased')),
	CONSTRAINT "audit_events_subject_type_check" CHECK ("audit_events"."subject_type" in ('order', 'user', 'brief', 'tax_invoice', 'tax_rule', 'contact', 'papers', 'session'))
);
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_order_idx" ON "audit_events" USING btree ("order_id","at") WHERE "audit_events"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_type","subject_id");--> statement-breakpoint
-- Append-only (issue 36): the store never edits or removes a record of what was done, and neither
-- can anyone through it. A database superuser can drop the trigger; on PostgreSQL also revoke
-- UPDATE, DELETE and TRUNCATE on the table from the store's role (docs/operations).
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();

DROP INDEX "project_briefs_order_id_idx";--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "sha256" text NOT NULL;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "brief_position" integer;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "thumbnail_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "project_briefs_order_id_key" ON "project_briefs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "uploaded_files_owner_guest_id_idx" ON "uploaded_files" USING btree ("owner_guest_id");
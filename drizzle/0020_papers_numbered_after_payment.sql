DROP INDEX "papers_number_key";--> statement-breakpoint
DROP INDEX "papers_series_key";--> statement-breakpoint
ALTER TABLE "papers" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ALTER COLUMN "sequence" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "papers_unnumbered_idx" ON "papers" USING btree ("issued_at","id") WHERE "papers"."sequence" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "papers_number_key" ON "papers" USING btree ("number") WHERE "papers"."number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "papers_series_key" ON "papers" USING btree ("country","year","sequence") WHERE "papers"."sequence" is not null;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_numbered_check" CHECK (("papers"."number" is null) = ("papers"."sequence" is null));
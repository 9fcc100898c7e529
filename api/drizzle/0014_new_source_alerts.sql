-- The new-source keyword alerts: from when each listens and up to when it read, and the
-- sources by their arrival.
ALTER TABLE "alerts" ADD COLUMN "listens_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "scanned_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sources_created_idx" ON "sources" USING btree ("created_at");
-- The feeds the operator configures (FEEDS), the items each has given, and the source each item
-- became.
CREATE TABLE "feed_items" (
	"feed_id" integer NOT NULL,
	"guid" text NOT NULL,
	"source_id" integer NOT NULL,
	"content_key" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feed_items_feed_id_guid_pk" PRIMARY KEY("feed_id","guid"),
	CONSTRAINT "feed_items_source_id_unique" UNIQUE("source_id")
);
--> statement-breakpoint
CREATE TABLE "feeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"url" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"title" text,
	"link" text,
	"image" text,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_fetch_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feeds_url_unique" UNIQUE("url")
);
--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "feed_id" integer;--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feeds_active_next_idx" ON "feeds" USING btree ("active","next_fetch_at");--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE set null ON UPDATE no action;
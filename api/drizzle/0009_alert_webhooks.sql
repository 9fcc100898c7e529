CREATE TABLE "alert_webhook_queue" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "alert_webhooks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"last_delivery_at" timestamp with time zone,
	"last_delivery_status" integer,
	"last_delivery_ok" boolean,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_webhook_queue" ADD CONSTRAINT "alert_webhook_queue_event_id_alert_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."alert_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_webhook_queue" ADD CONSTRAINT "alert_webhook_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_webhooks" ADD CONSTRAINT "alert_webhooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_webhook_queue_pending_idx" ON "alert_webhook_queue" USING btree ("done_at","user_id","fired_at");
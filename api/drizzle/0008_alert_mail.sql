CREATE TABLE "alert_mail_queue" (
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
CREATE TABLE "alert_mail_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_unsubscribe_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_mail_queue" ADD CONSTRAINT "alert_mail_queue_event_id_alert_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."alert_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_mail_queue" ADD CONSTRAINT "alert_mail_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_mail_settings" ADD CONSTRAINT "alert_mail_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_unsubscribe_tokens" ADD CONSTRAINT "alert_unsubscribe_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_mail_queue_pending_idx" ON "alert_mail_queue" USING btree ("done_at","user_id","fired_at");--> statement-breakpoint
CREATE INDEX "alert_unsubscribe_tokens_user_idx" ON "alert_unsubscribe_tokens" USING btree ("user_id");
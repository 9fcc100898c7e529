-- A browser's subscription now belongs to the sign-in that saved it. Those saved before cannot be
-- told apart, so they are forgotten: their users turn notifications on again (the alerts page
-- shows them off).
DELETE FROM "alert_push_subscriptions";--> statement-breakpoint
ALTER TABLE "alert_push_subscriptions" ADD COLUMN "token_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_push_subscriptions" ADD CONSTRAINT "alert_push_subscriptions_token_hash_auth_tokens_token_hash_fk" FOREIGN KEY ("token_hash") REFERENCES "public"."auth_tokens"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_push_subscriptions_token_idx" ON "alert_push_subscriptions" USING btree ("token_hash");
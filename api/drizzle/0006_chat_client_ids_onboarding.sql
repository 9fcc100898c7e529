CREATE TABLE "onboarding_progress" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"progress" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "robot_key" text;--> statement-breakpoint
ALTER TABLE "onboarding_progress" ADD CONSTRAINT "onboarding_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_client_id_idx" ON "chat_messages" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_conversation_robot_key_idx" ON "chat_messages" USING btree ("conversation_id","robot_key");--> statement-breakpoint
DROP INDEX "chat_messages_conversation_client_seq_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "client_seq_no";
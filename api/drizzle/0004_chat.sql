CREATE TABLE "chat_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_id" text NOT NULL,
	"seq_no" integer NOT NULL,
	"source" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"context" jsonb,
	"layers" jsonb NOT NULL,
	"error" boolean DEFAULT false NOT NULL,
	"complete" boolean DEFAULT true NOT NULL,
	"client_seq_no" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_user_created_idx" ON "chat_conversations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_conversation_seq_idx" ON "chat_messages" USING btree ("conversation_id","seq_no");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_client_seq_idx" ON "chat_messages" USING btree ("conversation_id","client_seq_no");
CREATE TABLE "analytics_keys" (
	"date" date PRIMARY KEY NOT NULL,
	"key" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "message_replies_message_idx" ON "message_replies" USING btree ("message_id","created_at");
CREATE TABLE "review_signals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(20) NOT NULL,
	"user_id" uuid,
	"case_id" uuid,
	"ip_hash" varchar(64),
	"network_hash" varchar(64),
	"device_hash" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_signals_kind" CHECK ("review_signals"."kind" IN ('sign_up','sign_in','case_submitted','review_written'))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hold_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "review_signals" ADD CONSTRAINT "review_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_signals" ADD CONSTRAINT "review_signals_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_signals_user_idx" ON "review_signals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "review_signals_case_idx" ON "review_signals" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "review_signals_ip_idx" ON "review_signals" USING btree ("ip_hash");--> statement-breakpoint
CREATE INDEX "review_signals_device_idx" ON "review_signals" USING btree ("device_hash");--> statement-breakpoint
CREATE INDEX "review_signals_network_idx" ON "review_signals" USING btree ("network_hash","created_at");--> statement-breakpoint
CREATE INDEX "review_signals_created_idx" ON "review_signals" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hold_reasons" CHECK ("reviews"."hold_reasons" <@ ARRAY['contact_details','same_ip','same_device','firm_email_domain','account_after_acceptance','network_volume']::text[]);
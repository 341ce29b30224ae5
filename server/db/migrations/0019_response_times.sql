ALTER TABLE "cases" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "client_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "resent_from_case_id" uuid;--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "median_first_response_hours" real;--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "answered_within_24h_share" real;--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "response_sample_size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "cases_response_sweep_idx" ON "cases" USING btree ("created_at") WHERE "cases"."client_notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "cases_resent_from_idx" ON "cases" USING btree ("resent_from_case_id");--> statement-breakpoint
CREATE INDEX "lawyers_response_idx" ON "lawyers" USING btree ("median_first_response_hours","id");
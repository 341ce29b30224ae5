CREATE TABLE "case_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"purpose" varchar(40) NOT NULL,
	"text_version" varchar(40) NOT NULL,
	"locale" varchar(10) NOT NULL,
	"given_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "other_party" varchar(255);--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "incident_date" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "incident_place" varchar(255);--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "documents_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "case_consents" ADD CONSTRAINT "case_consents_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_consents_case_idx" ON "case_consents" USING btree ("case_id","given_at");--> statement-breakpoint
-- Issue 17 §2: a case a lawyer already answered before the two-stage intake existed counts as
-- accepted (its lawyer has seen everything) or declined, as of that first answer.
UPDATE "cases" c SET "accepted_at" = COALESCE((SELECT min(e."created_at") FROM "case_status_events" e WHERE e."case_id" = c."id" AND e."status" <> 'pending' AND e."status" <> 'declined'), c."updated_at") WHERE c."status" IN ('reviewing','accepted','engaged','closed');--> statement-breakpoint
UPDATE "cases" c SET "declined_at" = COALESCE((SELECT min(e."created_at") FROM "case_status_events" e WHERE e."case_id" = c."id" AND e."status" = 'declined'), c."updated_at") WHERE c."status" = 'declined';--> statement-breakpoint
-- Issue 17 §5: retention of documents counts from the first close.
UPDATE "cases" c SET "closed_at" = COALESCE((SELECT min(e."created_at") FROM "case_status_events" e WHERE e."case_id" = c."id" AND e."status" = 'closed'), c."updated_at") WHERE c."status" = 'closed';

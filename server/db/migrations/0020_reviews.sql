CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_user_id" uuid,
	"reason" varchar(40) NOT NULL,
	"details" text NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_reason" CHECK ("review_reports"."reason" IN ('not_genuine','conflict_of_interest','third_party_personal_data','offensive','off_topic','confidential_information','advertising_or_links')),
	CONSTRAINT "review_reports_status" CHECK ("review_reports"."status" IN ('open','resolved'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"lawyer_id" integer NOT NULL,
	"author_user_id" uuid,
	"rating" integer NOT NULL,
	"communication" integer NOT NULL,
	"responsiveness" integer NOT NULL,
	"outcome" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"text" text NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"moderation_reason" varchar(40),
	"moderated_at" timestamp with time zone,
	"moderated_by" uuid,
	"reply" text,
	"replied_at" timestamp with time zone,
	"engaged_on" date NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_case_id_unique" UNIQUE("case_id"),
	CONSTRAINT "reviews_status" CHECK ("reviews"."status" IN ('pending','published','rejected','removed')),
	CONSTRAINT "reviews_ratings" CHECK ("reviews"."rating" BETWEEN 1 AND 5 AND "reviews"."communication" BETWEEN 1 AND 5 AND "reviews"."responsiveness" BETWEEN 1 AND 5 AND "reviews"."outcome" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "case_status_events" DROP CONSTRAINT "case_status_events_status";--> statement-breakpoint
ALTER TABLE "cases" DROP CONSTRAINT "cases_status";--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "engaged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_lawyer_id_lawyers_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_reports_review_idx" ON "review_reports" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_reports_status_idx" ON "review_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_lawyer_idx" ON "reviews" USING btree ("lawyer_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "case_status_events" ADD CONSTRAINT "case_status_events_status" CHECK ("case_status_events"."status" IN ('pending','reviewing','accepted','engaged','declined','closed'));--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_status" CHECK ("cases"."status" IN ('pending','reviewing','accepted','engaged','declined','closed'));
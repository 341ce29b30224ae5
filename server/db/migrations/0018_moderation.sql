CREATE TABLE "listing_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"field" varchar(20),
	"details" text NOT NULL,
	"email" varchar(255) NOT NULL,
	"locale" varchar(10) DEFAULT 'en' NOT NULL,
	"requester_user_id" uuid,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_corrections_kind" CHECK ("listing_corrections"."kind" IN ('correction','removal')),
	CONSTRAINT "listing_corrections_field" CHECK ("listing_corrections"."field" IS NULL OR "listing_corrections"."field" IN ('admissions','discipline')),
	CONSTRAINT "listing_corrections_status" CHECK ("listing_corrections"."status" IN ('open','accepted','declined')),
	CONSTRAINT "listing_corrections_locale" CHECK ("listing_corrections"."locale" IN ('en','de','fr','es','pt-BR','nl','ja','ar'))
);
--> statement-breakpoint
CREATE TABLE "listing_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" integer NOT NULL,
	"reason" varchar(30) NOT NULL,
	"details" text NOT NULL,
	"email" varchar(255),
	"locale" varchar(10) DEFAULT 'en' NOT NULL,
	"reporter_user_id" uuid,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_reports_reason" CHECK ("listing_reports"."reason" IN ('wrong_information','not_a_lawyer','misconduct','impersonation')),
	CONSTRAINT "listing_reports_status" CHECK ("listing_reports"."status" IN ('open','dismissed','hidden')),
	CONSTRAINT "listing_reports_locale" CHECK ("listing_reports"."locale" IN ('en','de','fr','es','pt-BR','nl','ja','ar'))
);
--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "hidden_reason" varchar(30);--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_corrections" ADD CONSTRAINT "listing_corrections_lawyer_id_lawyers_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_corrections" ADD CONSTRAINT "listing_corrections_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_corrections" ADD CONSTRAINT "listing_corrections_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_lawyer_id_lawyers_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_corrections_status_idx" ON "listing_corrections" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "listing_corrections_lawyer_idx" ON "listing_corrections" USING btree ("lawyer_id");--> statement-breakpoint
CREATE INDEX "listing_reports_status_idx" ON "listing_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "listing_reports_lawyer_idx" ON "listing_reports" USING btree ("lawyer_id");--> statement-breakpoint
ALTER TABLE "lawyers" ADD CONSTRAINT "lawyers_hidden_reason" CHECK ("lawyers"."hidden_reason" IS NULL OR "lawyers"."hidden_reason" IN ('wrong_information','not_a_lawyer','misconduct','impersonation','removal_request'));
CREATE TABLE "bar_admissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"lawyer_id" integer NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"region" varchar(100),
	"regulator" varchar(255) NOT NULL,
	"licence_number" varchar(100) NOT NULL,
	"year_admitted" integer,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bar_admissions_status" CHECK ("bar_admissions"."status" IN ('active','inactive','suspended','revoked')),
	CONSTRAINT "bar_admissions_year" CHECK ("bar_admissions"."year_admitted" IS NULL OR ("bar_admissions"."year_admitted" >= 1900 AND "bar_admissions"."year_admitted" <= 2100))
);
--> statement-breakpoint
CREATE TABLE "disciplinary_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"lawyer_id" integer NOT NULL,
	"decided_on" date NOT NULL,
	"outcome" varchar(500) NOT NULL,
	"regulator" varchar(255) NOT NULL,
	"source_url" varchar(500),
	"lawyer_statement" text,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"lawyer_id" integer NOT NULL,
	"admission_id" integer,
	"kind" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'unverified' NOT NULL,
	"method" varchar(30),
	"source" varchar(255),
	"source_url" varchar(500),
	"checked_on" date,
	"checked_by" uuid,
	"next_check_due" date,
	"details" jsonb,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_checks_kind" CHECK ("verification_checks"."kind" IN ('licence','discipline','insurance','education','experience')),
	CONSTRAINT "verification_checks_status" CHECK ("verification_checks"."status" IN ('unverified','pending','verified','lapsed','rejected')),
	CONSTRAINT "verification_checks_method" CHECK ("verification_checks"."method" IS NULL OR "verification_checks"."method" IN ('register_lookup','document_reviewed','dataset_import'))
);
--> statement-breakpoint
ALTER TABLE "lawyers" ALTER COLUMN "verified" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "lawyers" ALTER COLUMN "verification_status" SET DEFAULT 'unverified';--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bar_admissions" ADD CONSTRAINT "bar_admissions_lawyer_id_lawyers_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disciplinary_records" ADD CONSTRAINT "disciplinary_records_lawyer_id_lawyers_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_checks" ADD CONSTRAINT "verification_checks_lawyer_id_lawyers_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_checks" ADD CONSTRAINT "verification_checks_admission_id_bar_admissions_id_fk" FOREIGN KEY ("admission_id") REFERENCES "public"."bar_admissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_checks" ADD CONSTRAINT "verification_checks_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bar_admissions_lawyer_idx" ON "bar_admissions" USING btree ("lawyer_id");--> statement-breakpoint
CREATE INDEX "disciplinary_records_lawyer_idx" ON "disciplinary_records" USING btree ("lawyer_id");--> statement-breakpoint
CREATE INDEX "verification_checks_lawyer_idx" ON "verification_checks" USING btree ("lawyer_id");--> statement-breakpoint
CREATE INDEX "verification_checks_due_idx" ON "verification_checks" USING btree ("next_check_due");--> statement-breakpoint
-- Issue 15 §2: `verified` is now the cache of the listing's checks (recomputeVerification). A
-- listing that said "verified" or "pending" before has nothing that checked it: it keeps a pending
-- licence check (dataset import) so it enters the queue, and no listing keeps a tick it was never given.
INSERT INTO "verification_checks" ("lawyer_id", "kind", "status", "method", "source")
  SELECT "id", 'licence', 'pending', 'dataset_import', 'listing data before issue 15'
  FROM "lawyers" WHERE "verification_status" IN ('verified', 'pending') OR "verified";--> statement-breakpoint
UPDATE "lawyers" SET "verified" = false,
  "verification_status" = CASE WHEN "verification_status" IN ('verified', 'pending') OR "verified" THEN 'pending' ELSE 'unverified' END;

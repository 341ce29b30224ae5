-- Issue 28 §2: specialist titles. A listing states them as `specialist_titles` (a JSON array of
-- { title, issuer, area, since }, empty by default: old code never reads it), and each is checked
-- on its own: `specialist_title` joins the check kinds (the constraints are loosened, never
-- tightened).
ALTER TABLE "verification_checks" DROP CONSTRAINT "verification_checks_kind";--> statement-breakpoint
ALTER TABLE "verification_requests" DROP CONSTRAINT "verification_requests_kinds";--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "specialist_titles" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_checks" ADD CONSTRAINT "verification_checks_kind" CHECK ("verification_checks"."kind" IN ('licence','discipline','insurance','education','experience','specialist_title'));--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_kinds" CHECK ("verification_requests"."kinds" <@ ARRAY['licence','discipline','insurance','education','experience','specialist_title']::text[]);--> statement-breakpoint

-- Issue 28 §2: the demo records' texts read in the page's language. The page marks a demo record
-- from the catalogs, so the stored source is the regulator's, insurer's or school's own name (no
-- English "(demo record)" suffix); the fictional insurers lose their "(demo)" suffix ("Lawyers
-- Mutual" is a real insurer's name: renamed); a demo discipline record's outcome and statement
-- become the catalog references the seed now writes (lib/i18n/message.ts msg). Only `demo` rows.
UPDATE "verification_checks" SET "source" = left("source", length("source") - 14)
WHERE "demo" AND "source" LIKE '% (demo record)';--> statement-breakpoint
UPDATE "verification_checks"
SET "details" = jsonb_set("details", '{carrier}', to_jsonb(replace(replace("details"->>'carrier', ' (demo)', ''), 'Lawyers Mutual', 'Counsel Indemnity Mutual')))
WHERE "demo" AND "kind" = 'insurance' AND "details" ? 'carrier';--> statement-breakpoint
UPDATE "verification_checks" SET "source" = "details"->>'carrier'
WHERE "demo" AND "kind" = 'insurance' AND "details" ? 'carrier';--> statement-breakpoint
UPDATE "verification_checks"
SET "details" = jsonb_set("details", '{school}', to_jsonb(replace("details"->>'school', ' (demo)', '')))
WHERE "demo" AND "kind" = 'education' AND "details" ? 'school';--> statement-breakpoint
UPDATE "verification_checks" SET "source" = "details"->>'school'
WHERE "demo" AND "kind" = 'education' AND "details" ? 'school';--> statement-breakpoint
UPDATE "disciplinary_records"
SET "outcome" = CASE "outcome"
  WHEN 'Reprimand' THEN 'profile:verification.demoDiscipline.reprimand'
  WHEN 'Fine and costs' THEN 'profile:verification.demoDiscipline.fine'
  WHEN 'Conditions on practice for 12 months' THEN 'profile:verification.demoDiscipline.conditions'
  ELSE "outcome" END
WHERE "demo";--> statement-breakpoint
UPDATE "disciplinary_records"
SET "lawyer_statement" = 'profile:verification.demoStatement.missedDeadline'
WHERE "demo" AND "lawyer_statement" = 'The matter concerned a missed filing deadline in one file; our procedures were changed afterwards. (demo record)';

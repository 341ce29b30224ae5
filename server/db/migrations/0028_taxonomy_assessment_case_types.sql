-- Issue 19 §3 "One taxonomy" (lib/taxonomy.ts, docs/taxonomy.md): the assessment offers the injuries it
-- lacked (Motorcycle Accidents, Dog Bites, Birth Injury, Defective Drugs, Brain Injury, Spinal Cord Injury,
-- Burn Injury, Nursing Home Abuse). Expand only (server/db/migration-rules.ts): the new check is a superset of
-- the old one, so every stored row and every value the running version writes stays valid.
ALTER TABLE "client_personalities" DROP CONSTRAINT "client_personalities_case_type";--> statement-breakpoint
ALTER TABLE "client_personalities" ADD CONSTRAINT "client_personalities_case_type" CHECK ("client_personalities"."case_type" IN ('Car Accidents','Medical Malpractice','Workplace Injury','Slip & Fall','Product Liability','Wrongful Death','Brain Injury','Spinal Cord Injury','Burn Injury','Nursing Home Abuse','Motorcycle Accidents','Dog Bites','Birth Injury','Defective Drugs','Personal Injury','Other'));
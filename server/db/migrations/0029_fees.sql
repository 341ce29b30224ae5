ALTER TABLE "lawyers" ADD COLUMN "free_consultation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "consultation_minutes" integer;--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "fee_models" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "lawyers_fee_models_idx" ON "lawyers" USING gin ("fee_models" jsonb_path_ops);
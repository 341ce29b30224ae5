DROP INDEX "lawyers_city_idx";--> statement-breakpoint
CREATE INDEX "lawyers_city_idx" ON "lawyers" USING btree (lower(public.f_unaccent("city")),"country_code","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id");--> statement-breakpoint
DROP INDEX IF EXISTS "lawyers_state_idx";--> statement-breakpoint
CREATE INDEX "lawyers_state_idx" ON "lawyers" USING btree (lower(public.f_unaccent("state")),"country_code","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id");

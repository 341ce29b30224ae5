-- Search support (docs/search.md). f_earth is ll_to_earth with every name schema-qualified, so
-- an index on it survives maintenance operations that run with a restricted search_path
-- (PostgreSQL 17 / PGlite). It returns the same point on the earth model as ll_to_earth.
CREATE OR REPLACE FUNCTION f_earth(lat float8, lng float8) RETURNS public.cube
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.cube(public.cube(public.cube(public.earth()*cos(radians(lat))*cos(radians(lng))), public.earth()*cos(radians(lat))*sin(radians(lng))), public.earth()*sin(radians(lat))) $$;
--> statement-breakpoint
-- Radius filter (earth_box @>) and nearest-first ordering (<->) for `near`.
CREATE INDEX IF NOT EXISTS "lawyers_earth_idx" ON "lawyers" USING gist (f_earth("latitude", "longitude"));
--> statement-breakpoint
-- A location that names a state.
CREATE INDEX IF NOT EXISTS "lawyers_state_idx" ON "lawyers" USING btree (lower(public.f_unaccent("state")));
--> statement-breakpoint
-- sort=location (country, city, name).
CREATE INDEX IF NOT EXISTS "lawyers_location_sort_idx" ON "lawyers" USING btree ("country", "city", "name", "id");

-- Extensions used by search (DESIGN.md §2): trigram similarity for typos, unaccent for names
-- like Müller, cube + earthdistance for distance, fuzzystrmatch for phonetic helpers.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
-- unaccent() is only STABLE; an IMMUTABLE wrapper with a fixed dictionary lets generated
-- columns and expression indexes use it.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- The weighted search document of a lawyer (docs/search.md): name and practice areas weigh A,
-- firm and places B, bio D. Declared IMMUTABLE so the generated column may use it (it only
-- calls immutable text-search functions with fixed configurations).
CREATE OR REPLACE FUNCTION f_lawyer_document(
  p_name text, p_firm text, p_practice_areas text[], p_city text, p_state text, p_country text, p_bio text
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('english'::regconfig, public.f_unaccent(coalesce(p_name, ''))), 'A')
        || setweight(to_tsvector('english'::regconfig, public.f_unaccent(coalesce(array_to_string(p_practice_areas, ' '), ''))), 'A')
        || setweight(to_tsvector('english'::regconfig, public.f_unaccent(coalesce(p_firm, ''))), 'B')
        || setweight(to_tsvector('english'::regconfig, public.f_unaccent(concat_ws(' ', p_city, p_state, p_country))), 'B')
        || setweight(to_tsvector('english'::regconfig, public.f_unaccent(coalesce(p_bio, ''))), 'D')
  $$;

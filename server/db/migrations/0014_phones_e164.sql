-- Issue 14 §2 "stored as E.164": listing phones were stored in international display form
-- ("+49 30 1234567", "+1 (416) 555-0100"), and older rows of the other phone columns may be
-- too. Every value that is an international number written with spaces, brackets, dots,
-- dashes or slashes keeps only its "+" and digits ("+49301234567"); a "(0)" trunk digit written
-- after the country code ("+49 (0)30 …") is dropped first. Only values that then look like
-- E.164 ("+", a digit 1-9, 7 to 15 digits in all) change; national text, extensions, empty
-- values and values already in E.164 stay as they are (pages show such text unformatted).
UPDATE "lawyers" SET "phone" = regexp_replace(replace("phone", '(0)', ''), '[^+0-9]', '', 'g')
WHERE "phone" ~ '^\s*\+[0-9 ().\-/]+\s*$' AND "phone" !~ '^\+[0-9]+$'
  AND regexp_replace(replace("phone", '(0)', ''), '[^+0-9]', '', 'g') ~ '^\+[1-9][0-9]{6,14}$';
--> statement-breakpoint
UPDATE "users" SET "business_phone" = regexp_replace(replace("business_phone", '(0)', ''), '[^+0-9]', '', 'g')
WHERE "business_phone" ~ '^\s*\+[0-9 ().\-/]+\s*$' AND "business_phone" !~ '^\+[0-9]+$'
  AND regexp_replace(replace("business_phone", '(0)', ''), '[^+0-9]', '', 'g') ~ '^\+[1-9][0-9]{6,14}$';
--> statement-breakpoint
UPDATE "customer_messages" SET "customer_phone" = regexp_replace(replace("customer_phone", '(0)', ''), '[^+0-9]', '', 'g')
WHERE "customer_phone" ~ '^\s*\+[0-9 ().\-/]+\s*$' AND "customer_phone" !~ '^\+[0-9]+$'
  AND regexp_replace(replace("customer_phone", '(0)', ''), '[^+0-9]', '', 'g') ~ '^\+[1-9][0-9]{6,14}$';
--> statement-breakpoint
UPDATE "cases" SET "client_phone" = regexp_replace(replace("client_phone", '(0)', ''), '[^+0-9]', '', 'g')
WHERE "client_phone" ~ '^\s*\+[0-9 ().\-/]+\s*$' AND "client_phone" !~ '^\+[0-9]+$'
  AND regexp_replace(replace("client_phone", '(0)', ''), '[^+0-9]', '', 'g') ~ '^\+[1-9][0-9]{6,14}$';
--> statement-breakpoint
UPDATE "contact_messages" SET "phone" = regexp_replace(replace("phone", '(0)', ''), '[^+0-9]', '', 'g')
WHERE "phone" ~ '^\s*\+[0-9 ().\-/]+\s*$' AND "phone" !~ '^\+[0-9]+$'
  AND regexp_replace(replace("phone", '(0)', ''), '[^+0-9]', '', 'g') ~ '^\+[1-9][0-9]{6,14}$';

CREATE TABLE "search_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_state_single_row" CHECK ("search_state"."id" = 1)
);

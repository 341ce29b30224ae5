CREATE TABLE "case_access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"token_hash" varchar(128) NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "case_access_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "case_access_tokens_purpose" CHECK ("case_access_tokens"."purpose" IN ('invite','late_notice'))
);
--> statement-breakpoint
ALTER TABLE "case_access_tokens" ADD CONSTRAINT "case_access_tokens_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_access_tokens_case_idx" ON "case_access_tokens" USING btree ("case_id","expires_at");
CREATE TABLE "document_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid,
	"case_document_id" uuid,
	"proof_id" uuid,
	"user_id" uuid,
	"downloader_role" varchar(20) NOT NULL,
	"downloaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_downloads_role" CHECK ("document_downloads"."downloader_role" IN ('client','case_link','lawyer','staff')),
	CONSTRAINT "document_downloads_target" CHECK (("document_downloads"."case_document_id" IS NOT NULL AND "document_downloads"."case_id" IS NOT NULL) <> ("document_downloads"."proof_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "document_keys" (
	"storage_key" varchar(64) PRIMARY KEY NOT NULL,
	"master_key_id" varchar(32) NOT NULL,
	"wrapped_key" text NOT NULL,
	"encrypted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewrapped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_case_document_id_case_documents_id_fk" FOREIGN KEY ("case_document_id") REFERENCES "public"."case_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_proof_id_verification_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."verification_proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_downloads_case_idx" ON "document_downloads" USING btree ("case_id","downloaded_at");--> statement-breakpoint
CREATE INDEX "document_downloads_proof_idx" ON "document_downloads" USING btree ("proof_id");--> statement-breakpoint
CREATE INDEX "document_keys_master_idx" ON "document_keys" USING btree ("master_key_id");
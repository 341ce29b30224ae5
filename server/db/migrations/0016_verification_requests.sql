CREATE TABLE "verification_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" integer NOT NULL,
	"lawyer_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_type" varchar(50) NOT NULL,
	"file_size" integer NOT NULL,
	"file_key" varchar(500) NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"lawyer_id" integer NOT NULL,
	"requested_by" uuid,
	"kinds" text[] NOT NULL,
	"admission_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"details" jsonb,
	"note" text,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_requests_status" CHECK ("verification_requests"."status" IN ('pending','approved','rejected')),
	CONSTRAINT "verification_requests_kinds" CHECK ("verification_requests"."kinds" <@ ARRAY['licence','discipline','insurance','education','experience']::text[])
);
--> statement-breakpoint
ALTER TABLE "verification_proofs" ADD CONSTRAINT "verification_proofs_request_id_verification_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."verification_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_proofs" ADD CONSTRAINT "verification_proofs_lawyer_id_lawyers_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_lawyer_id_lawyers_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_proofs_request_idx" ON "verification_proofs" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "verification_requests_lawyer_idx" ON "verification_requests" USING btree ("lawyer_id","created_at");--> statement-breakpoint
CREATE INDEX "verification_requests_status_idx" ON "verification_requests" USING btree ("status","created_at");
CREATE TABLE "account_erasures" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"deletion_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"case_id" uuid,
	"status" varchar(20) DEFAULT 'building' NOT NULL,
	"storage_key" varchar(100),
	"byte_size" bigint,
	"locale" varchar(10) DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_status" CHECK ("data_exports"."status" IN ('building','ready','failed')),
	CONSTRAINT "data_exports_owner" CHECK ("data_exports"."user_id" IS NOT NULL OR "data_exports"."case_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "client_personalities" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD COLUMN "sender_user_id" uuid;--> statement-breakpoint
ALTER TABLE "account_erasures" ADD CONSTRAINT "account_erasures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "data_exports_case_idx" ON "data_exports" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "client_personalities" ADD CONSTRAINT "client_personalities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_personalities_user_idx" ON "client_personalities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customer_messages_sender_idx" ON "customer_messages" USING btree ("sender_user_id");
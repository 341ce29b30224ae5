CREATE TABLE "business_analytics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"lawyer_id" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"contact_clicks" integer DEFAULT 0 NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_analytics_lawyer_date" UNIQUE("lawyer_id","date")
);
--> statement-breakpoint
CREATE TABLE "case_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_type" varchar(50) NOT NULL,
	"file_size" integer NOT NULL,
	"file_url" varchar(500) NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" integer NOT NULL,
	"user_id" uuid,
	"tracking_token_hash" varchar(128),
	"case_title" varchar(255) NOT NULL,
	"case_type" varchar(100) NOT NULL,
	"description" text NOT NULL,
	"priority" varchar(20) DEFAULT 'medium' NOT NULL,
	"date_needed" varchar(50),
	"client_name" varchar(255) NOT NULL,
	"client_email" varchar(255) NOT NULL,
	"client_phone" varchar(50) NOT NULL,
	"preferred_communication" varchar(50) DEFAULT 'email' NOT NULL,
	"budget" varchar(100),
	"status" varchar(50) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cases_tracking_token_hash_unique" UNIQUE("tracking_token_hash"),
	CONSTRAINT "cases_priority" CHECK ("cases"."priority" IN ('low','medium','high','urgent')),
	CONSTRAINT "cases_status" CHECK ("cases"."status" IN ('pending','reviewing','accepted','declined','closed')),
	CONSTRAINT "cases_preferred_communication" CHECK ("cases"."preferred_communication" IN ('email','phone','text','in-person'))
);
--> statement-breakpoint
CREATE TABLE "client_personalities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" varchar(100) NOT NULL,
	"personality_traits" text NOT NULL,
	"communication_preference" varchar(20) NOT NULL,
	"approach_preference" varchar(20) NOT NULL,
	"priority_focus" varchar(20) NOT NULL,
	"case_type" varchar(100) NOT NULL,
	"case_complexity" varchar(20) NOT NULL,
	"time_preference" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_personalities_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "customer_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" integer NOT NULL,
	"customer_name" varchar(255) NOT NULL,
	"customer_email" varchar(255) NOT NULL,
	"customer_phone" varchar(50),
	"subject" varchar(255) NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lawyers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"firm" varchar(255) DEFAULT '' NOT NULL,
	"email" varchar(255) NOT NULL,
	"phone" varchar(50) DEFAULT '' NOT NULL,
	"location" varchar(255) NOT NULL,
	"country" varchar(100) NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"state" varchar(100),
	"city" varchar(100) NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"time_zone" varchar(64),
	"experience" integer DEFAULT 0 NOT NULL,
	"rating" numeric(3, 2) DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"practice_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_url" varchar(500),
	"business_logo" varchar(500),
	"business_address" varchar(500),
	"website" varchar(500),
	"google_reviews_url" varchar(500),
	"working_hours" varchar(255),
	"verified" boolean DEFAULT true NOT NULL,
	"verification_status" varchar(20) DEFAULT 'verified' NOT NULL,
	"personality_traits" jsonb,
	"communication_style" varchar(20),
	"approach_style" varchar(20),
	"client_focus" varchar(20),
	"availability_level" varchar(20),
	"case_complexity_preference" varchar(20),
	"search_vector" "tsvector" GENERATED ALWAYS AS (f_lawyer_document(name, firm, practice_areas, city, state, country, bio)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lawyers_rating_range" CHECK ("lawyers"."rating" >= 0 AND "lawyers"."rating" <= 5),
	CONSTRAINT "lawyers_experience_range" CHECK ("lawyers"."experience" >= 0 AND "lawyers"."experience" <= 80),
	CONSTRAINT "lawyers_review_count_nonneg" CHECK ("lawyers"."review_count" >= 0),
	CONSTRAINT "lawyers_verification_status" CHECK ("lawyers"."verification_status" IN ('verified','pending','unverified')),
	CONSTRAINT "lawyers_practice_areas_known" CHECK ("lawyers"."practice_areas" <@ ARRAY['Car Accidents','Medical Malpractice','Workplace Injury','Slip & Fall','Product Liability','Motorcycle Accidents','Wrongful Death','Dog Bites','Premises Liability','Birth Injury','Defective Drugs','Mass Torts']::text[])
);
--> statement-breakpoint
CREATE TABLE "message_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reply" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token" varchar(128) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "search_lexicon" (
	"word" varchar(100) PRIMARY KEY NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"key" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"lawyer_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_places_kind_key_cc" UNIQUE("kind","key","country_code")
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_token" varchar(128) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_sessions_session_token_unique" UNIQUE("session_token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(255) NOT NULL,
	"password" varchar(255) NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"role" varchar(20) DEFAULT 'user' NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"business_name" varchar(255),
	"business_description" text,
	"business_phone" varchar(50),
	"business_address" varchar(500),
	"business_website" varchar(500),
	"profile_image_url" varchar(500),
	"lawyer_id" integer,
	"stripe_customer_id" varchar(255),
	"stripe_subscription_id" varchar(255),
	"subscription_status" varchar(20) DEFAULT 'inactive' NOT NULL,
	"subscription_tier" varchar(20) DEFAULT 'free' NOT NULL,
	"subscription_start_date" timestamp with time zone,
	"subscription_end_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_lawyer_id_unique" UNIQUE("lawyer_id"),
	CONSTRAINT "users_stripe_customer_id_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "users_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "users_role" CHECK ("users"."role" IN ('user','lawyer')),
	CONSTRAINT "users_subscription_tier" CHECK ("users"."subscription_tier" IN ('free','premium')),
	CONSTRAINT "users_subscription_status" CHECK ("users"."subscription_status" IN ('inactive','active','canceled','past_due'))
);
--> statement-breakpoint
ALTER TABLE "business_analytics" ADD CONSTRAINT "business_analytics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_analytics" ADD CONSTRAINT "business_analytics_lawyer_id_lawyers_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_documents" ADD CONSTRAINT "case_documents_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_lawyer_id_lawyers_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_lawyer_id_lawyers_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_replies" ADD CONSTRAINT "message_replies_message_id_customer_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."customer_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_replies" ADD CONSTRAINT "message_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_lawyer_id_lawyers_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cases_lawyer_idx" ON "cases" USING btree ("lawyer_id","created_at");--> statement-breakpoint
CREATE INDEX "cases_user_idx" ON "cases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_messages_lawyer_idx" ON "customer_messages" USING btree ("lawyer_id","is_read","created_at");--> statement-breakpoint
CREATE INDEX "lawyers_search_vector_idx" ON "lawyers" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "lawyers_practice_areas_idx" ON "lawyers" USING gin ("practice_areas");--> statement-breakpoint
CREATE INDEX "lawyers_country_code_idx" ON "lawyers" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "lawyers_rating_idx" ON "lawyers" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "lawyers_experience_idx" ON "lawyers" USING btree ("experience" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "lawyers_reviews_idx" ON "lawyers" USING btree ("review_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "lawyers_name_idx" ON "lawyers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "lawyers_city_idx" ON "lawyers" USING btree (lower(public.f_unaccent("city")));--> statement-breakpoint
CREATE INDEX "search_lexicon_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_places_trgm_idx" ON "search_places" USING gin ("key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id");
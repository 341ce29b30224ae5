ALTER TABLE "cases" ADD COLUMN "locale" varchar(10) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD COLUMN "locale" varchar(10) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" varchar(10) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_locale" CHECK ("cases"."locale" IN ('en','de','fr','es','pt-BR','nl','ja','ar'));--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_locale" CHECK ("customer_messages"."locale" IN ('en','de','fr','es','pt-BR','nl','ja','ar'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale" CHECK ("users"."locale" IN ('en','de','fr','es','pt-BR','nl','ja','ar'));
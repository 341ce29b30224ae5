CREATE TABLE "verification_reminders" (
	"check_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"sent_to" varchar(255) NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_reminders_check_id_due_on_pk" PRIMARY KEY("check_id","due_on")
);
--> statement-breakpoint
ALTER TABLE "verification_reminders" ADD CONSTRAINT "verification_reminders_check_id_verification_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."verification_checks"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "job_runs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"last_day" date NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);

ALTER TABLE "client_personalities" ADD COLUMN "place" varchar(100);--> statement-breakpoint
ALTER TABLE "client_personalities" ADD COLUMN "near_lat" double precision;--> statement-breakpoint
ALTER TABLE "client_personalities" ADD COLUMN "near_lng" double precision;
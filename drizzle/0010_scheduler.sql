CREATE TYPE "public"."scheduled_run_status" AS ENUM('running', 'retrying', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "scheduled_run" (
	"job" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"status" "scheduled_run_status" NOT NULL,
	"owner" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "scheduled_run_job_period_start_pk" PRIMARY KEY("job","period_start")
);
--> statement-breakpoint
CREATE INDEX "scheduled_run_period_idx" ON "scheduled_run" USING btree ("period_start");
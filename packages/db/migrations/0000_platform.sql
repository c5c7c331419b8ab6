CREATE TABLE "regions" (
	"id" text PRIMARY KEY NOT NULL,
	"shopping" boolean NOT NULL,
	"pro" boolean NOT NULL,
	"billing_region" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"step" text NOT NULL,
	"version" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seed_runs_step_version_pk" PRIMARY KEY("step","version")
);

CREATE SEQUENCE "public"."content_publish_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "content_assets" (
	"uid" text PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"publish_seq" bigint DEFAULT nextval('content_publish_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_deletions" (
	"seq" bigint PRIMARY KEY DEFAULT nextval('content_publish_seq') NOT NULL,
	"kind" text NOT NULL,
	"content_type_uid" text NOT NULL,
	"uid" text NOT NULL,
	"locale" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_entries" (
	"content_type_uid" text NOT NULL,
	"uid" text NOT NULL,
	"locale" text NOT NULL,
	"document" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"publish_seq" bigint DEFAULT nextval('content_publish_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_entries_content_type_uid_uid_locale_pk" PRIMARY KEY("content_type_uid","uid","locale")
);
--> statement-breakpoint
CREATE TABLE "content_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_taxonomies" (
	"uid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"terms" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_types" (
	"uid" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"options" jsonb NOT NULL,
	"schema" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_entries" ADD CONSTRAINT "content_entries_content_type_uid_content_types_uid_fk" FOREIGN KEY ("content_type_uid") REFERENCES "public"."content_types"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_assets_publish_seq_idx" ON "content_assets" USING btree ("publish_seq");--> statement-breakpoint
CREATE INDEX "content_entries_type_locale_idx" ON "content_entries" USING btree ("content_type_uid","locale");--> statement-breakpoint
CREATE UNIQUE INDEX "content_entries_publish_seq_idx" ON "content_entries" USING btree ("publish_seq");
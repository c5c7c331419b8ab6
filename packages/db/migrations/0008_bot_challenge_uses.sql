CREATE TABLE "bot_challenge_uses" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bot_challenge_uses_expires_idx" ON "bot_challenge_uses" USING btree ("expires_at");
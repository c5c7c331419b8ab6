CREATE TABLE "cart_coupons" (
	"cart_id" uuid NOT NULL,
	"promotion_id" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_coupons_cart_id_promotion_id_pk" PRIMARY KEY("cart_id","promotion_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_redemptions" (
	"promotion_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer,
	"email" text NOT NULL,
	"code" text,
	"discount_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_redemptions_promotion_id_order_id_pk" PRIMARY KEY("promotion_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"kind" text NOT NULL,
	"target" text DEFAULT 'cart' NOT NULL,
	"target_id" integer,
	"percent_off" integer,
	"amount_off_minor" integer,
	"currency_code" text,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"customer_group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pros" text DEFAULT 'included' NOT NULL,
	"min_subtotal_minor" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"combines_with_sale" boolean DEFAULT false NOT NULL,
	"combines_with_group_discount" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_percent_range" CHECK ("promotions"."percent_off" is null or "promotions"."percent_off" between 1 and 100),
	CONSTRAINT "promotions_amount_positive" CHECK ("promotions"."amount_off_minor" is null or "promotions"."amount_off_minor" > 0),
	CONSTRAINT "promotions_times_used_limit" CHECK ("promotions"."usage_limit" is null or "promotions"."times_used" <= "promotions"."usage_limit")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"intent_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret_hash" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"last_error" jsonb,
	"captured_minor" integer DEFAULT 0 NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"authorized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payment_refunds" ADD CONSTRAINT "test_payment_refunds_intent_id_test_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."test_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_redemptions_customer_idx" ON "promotion_redemptions" USING btree ("promotion_id","customer_id");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_email_idx" ON "promotion_redemptions" USING btree ("promotion_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_idx" ON "promotions" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_idx" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_intents_idempotency_idx" ON "test_payment_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "test_payment_intents_held_idx" ON "test_payment_intents" USING btree ("status","authorized_at") WHERE "test_payment_intents"."status" = 'requires_capture';--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_refunds_idempotency_idx" ON "test_payment_refunds" USING btree ("intent_id","idempotency_key");--> statement-breakpoint
UPDATE "orders" SET "payment" = "payment" || jsonb_build_object('authorizedMinor', "total_minor", 'capturedMinor', "total_minor", 'refundedMinor', 0) WHERE NOT ("payment" ? 'authorizedMinor');

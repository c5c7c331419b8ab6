CREATE TABLE "bigcommerce_carts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bigcommerce_cart_id" uuid,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bigcommerce_carts_customer_idx" ON "bigcommerce_carts" USING btree ("customer_id","updated_at");--> statement-breakpoint
CREATE INDEX "bigcommerce_carts_bigcommerce_cart_idx" ON "bigcommerce_carts" USING btree ("bigcommerce_cart_id");
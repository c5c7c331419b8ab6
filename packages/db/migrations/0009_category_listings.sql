CREATE TABLE "category_facet_counts" (
	"category_id" integer NOT NULL,
	"facet" text NOT NULL,
	"name_key" text NOT NULL,
	"name" text NOT NULL,
	"value_key" text NOT NULL,
	"value" text NOT NULL,
	"hex" jsonb NOT NULL,
	"position" integer NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "category_facet_counts_pk" PRIMARY KEY("category_id","facet","name_key","value_key","name","value","hex","position")
);
--> statement-breakpoint
CREATE TABLE "category_listing_pending" (
	"product_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_listings" (
	"category_id" integer NOT NULL,
	"price_list" text NOT NULL,
	"product_id" integer NOT NULL,
	"min_price" integer,
	"sort_order" integer NOT NULL,
	"is_new" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "category_listings_pk" PRIMARY KEY("category_id","price_list","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_facet_values" (
	"product_id" integer NOT NULL,
	"facet" text NOT NULL,
	"option_type" text NOT NULL,
	"name_key" text NOT NULL,
	"name" text NOT NULL,
	"value_key" text NOT NULL,
	"value" text NOT NULL,
	"hex" jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_facet_values_pk" PRIMARY KEY("product_id","facet","option_type","name_key","value_key")
);
--> statement-breakpoint
ALTER TABLE "category_facet_counts" ADD CONSTRAINT "category_facet_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_listings" ADD CONSTRAINT "category_listings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_listings_product_idx" ON "category_listings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "category_listings_featured_idx" ON "category_listings" USING btree ("category_id","price_list","sort_order","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_newest_idx" ON "category_listings" USING btree ("category_id","price_list","is_new","created_at","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_price_asc_idx" ON "category_listings" USING btree ("category_id","price_list","min_price","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_price_desc_idx" ON "category_listings" USING btree ("category_id","price_list","min_price" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "category_listings_name_idx" ON "category_listings" USING btree ("category_id","price_list","name","product_id");
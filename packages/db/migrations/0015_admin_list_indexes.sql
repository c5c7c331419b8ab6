CREATE INDEX "variants_sku_prefix_idx" ON "variants" USING btree (lower("sku") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_minor","id");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree ("email");
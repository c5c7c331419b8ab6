-- Keeps category_listings, product_facet_values and category_facet_counts (what category pages
-- read, packages/commerce/src/schema/category-listing.ts) in step with the catalogue. Every
-- statement that changes what a product lists with (visibility, sort keys, categories, options,
-- option values, attributes, prices) notes that product in category_listing_pending, and the
-- transaction refreshes each noted product once as it commits, however many statements touched
-- it (a bulk load writes a product's rows in six tables). Stock changes (checkout) note nothing.

-- What a set of products brings to the facet counts of the categories they are listed in, read
-- from their stored rows: before a refresh what to take out, after it what to add.
CREATE FUNCTION category_facet_contributions(changed integer[])
RETURNS TABLE (
  category_id integer, facet text, name_key text, name text, value_key text, value text, hex jsonb,
  "position" integer, products integer
)
LANGUAGE sql STABLE AS $$
  WITH listed AS (
    SELECT DISTINCT l.category_id, l.product_id FROM category_listings l WHERE l.product_id = ANY(changed)
  ),
  brought AS (
    SELECT l.product_id, 'products'::text AS facet, ''::text AS name_key, ''::text AS name, ''::text AS value_key,
           ''::text AS value, '[]'::jsonb AS hex, 0 AS "position"
      FROM (SELECT DISTINCT listed.product_id FROM listed) l
    UNION ALL
    SELECT f.product_id, 'colour', '', '', f.value_key, min(f.value),
           (array_agg(f.hex ORDER BY f.value, f.hex::text))[1], 0
      FROM product_facet_values f
     WHERE f.product_id = ANY(changed) AND f.facet = 'option' AND f.option_type = 'swatch'
     GROUP BY f.product_id, f.value_key
    UNION ALL
    SELECT f.product_id, 'size', '', '', f.value_key, min(f.value), '[]'::jsonb, min(f."position")
      FROM product_facet_values f
     WHERE f.product_id = ANY(changed) AND f.facet = 'option' AND f.option_type = 'rectangles'
     GROUP BY f.product_id, f.value_key
    UNION ALL
    SELECT f.product_id, 'attribute', f.name_key, f.name, f.value_key, f.value, '[]'::jsonb, 0
      FROM product_facet_values f
     WHERE f.product_id = ANY(changed) AND f.facet = 'attribute'
  )
  SELECT l.category_id, b.facet, b.name_key, b.name, b.value_key, b.value, b.hex, b."position", count(*)::integer
    FROM listed l JOIN brought b ON b.product_id = l.product_id
   GROUP BY l.category_id, b.facet, b.name_key, b.name, b.value_key, b.value, b.hex, b."position"
$$;
--> statement-breakpoint

-- Rebuilds the listing rows of these products (ids of deleted products are welcome: their rows go).
CREATE FUNCTION category_listing_refresh(changed integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  changed := ARRAY(SELECT DISTINCT id FROM unnest(changed) AS id WHERE id IS NOT NULL);
  IF cardinality(changed) = 0 THEN
    RETURN;
  END IF;
  -- One refresh at a time until commit, so that a concurrent one reads the rows this one wrote.
  PERFORM pg_advisory_xact_lock(724913002);

  UPDATE category_facet_counts f
     SET products = f.products - c.products
    FROM category_facet_contributions(changed) c
   WHERE f.category_id = c.category_id AND f.facet = c.facet AND f.name_key = c.name_key
     AND f.value_key = c.value_key AND f.name = c.name AND f.value = c.value AND f.hex = c.hex
     AND f."position" = c."position";
  DELETE FROM category_facet_counts f WHERE f.products <= 0;

  DELETE FROM category_listings l WHERE l.product_id = ANY(changed);
  DELETE FROM product_facet_values f WHERE f.product_id = ANY(changed);

  -- A product lists in every price list (the regions' billing regions), priced or not.
  INSERT INTO category_listings (category_id, price_list, product_id, min_price, sort_order, is_new, created_at, name)
  WITH price_lists AS (
    SELECT DISTINCT r.billing_region AS price_list FROM regions r
  ),
  prices AS (
    SELECT v.product_id, vp.region_id AS price_list,
           min(CASE WHEN vp.sale_price IS NOT NULL AND vp.sale_price < vp.price THEN vp.sale_price ELSE vp.price END)
             AS min_price
      FROM variants v JOIN variant_prices vp ON vp.variant_id = v.id
     WHERE v.product_id = ANY(changed)
     GROUP BY v.product_id, vp.region_id
  )
  SELECT pc.category_id, pl.price_list, p.id, pr.min_price, p.sort_order, p.is_new, p.created_at, p.name
    FROM products p
    JOIN product_categories pc ON pc.product_id = p.id
   CROSS JOIN price_lists pl
    LEFT JOIN prices pr ON pr.product_id = p.id AND pr.price_list = pl.price_list
   WHERE p.id = ANY(changed) AND p.is_visible;

  INSERT INTO product_facet_values (product_id, facet, option_type, name_key, name, value_key, value, hex, "position")
  SELECT v.product_id, 'option', o.type, o.display_name, o.display_name, lower(ov.label), min(ov.label),
         (array_agg(ov.hex_colors ORDER BY ov.label, ov.hex_colors::text))[1], min(ov.sort_order)
    FROM variants v
    JOIN option_values ov ON ov.id = ANY(v.option_value_ids)
    JOIN product_options o ON o.id = ov.option_id
   WHERE v.product_id = ANY(changed)
   GROUP BY v.product_id, o.type, o.display_name, lower(ov.label)
  UNION ALL
  SELECT cf.product_id, 'attribute', '', lower(cf.name), min(cf.name), lower(cf.value), min(cf.value), '[]'::jsonb, 0
    FROM custom_fields cf
   WHERE cf.product_id = ANY(changed)
   GROUP BY cf.product_id, lower(cf.name), lower(cf.value);

  INSERT INTO category_facet_counts AS f (category_id, facet, name_key, name, value_key, value, hex, "position", products)
  SELECT c.category_id, c.facet, c.name_key, c.name, c.value_key, c.value, c.hex, c."position", c.products
    FROM category_facet_contributions(changed) c
  ON CONFLICT ON CONSTRAINT category_facet_counts_pk DO UPDATE SET products = f.products + excluded.products;
END
$$;
--> statement-breakpoint

-- Notes products to refresh when the transaction commits.
CREATE FUNCTION category_listing_changed(changed integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO category_listing_pending (product_id)
  SELECT DISTINCT id FROM unnest(changed) AS id WHERE id IS NOT NULL
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- Fires at commit once per noted product: the first firing refreshes them all, the rest find none.
CREATE FUNCTION category_listing_commit() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  changed := ARRAY(SELECT p.product_id FROM category_listing_pending p);
  IF cardinality(changed) > 0 THEN
    DELETE FROM category_listing_pending p WHERE p.product_id = ANY(changed);
    PERFORM category_listing_refresh(changed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER category_listing_pending_commit AFTER INSERT ON category_listing_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION category_listing_commit();
--> statement-breakpoint
-- The trigger functions: which products a statement changed, by table and operation. An update
-- counts only when a column the listing reads differs (old rows EXCEPT new rows, both ways).
CREATE FUNCTION category_listing_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM category_listing_changed(ARRAY(SELECT n.id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM category_listing_changed(ARRAY(SELECT o.id FROM old_rows o));
  ELSE
    PERFORM category_listing_changed(ARRAY(
      SELECT d.id FROM (
        (SELECT id, is_visible, sort_order, is_new, created_at, name FROM new_rows
         EXCEPT SELECT id, is_visible, sort_order, is_new, created_at, name FROM old_rows)
        UNION ALL
        (SELECT id, is_visible, sort_order, is_new, created_at, name FROM old_rows
         EXCEPT SELECT id, is_visible, sort_order, is_new, created_at, name FROM new_rows)
      ) d));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION category_listing_product_categories_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM category_listing_changed(ARRAY(SELECT n.product_id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM category_listing_changed(ARRAY(SELECT o.product_id FROM old_rows o));
  ELSE
    PERFORM category_listing_changed(ARRAY(
      SELECT d.product_id FROM (
        (SELECT product_id, category_id FROM new_rows EXCEPT SELECT product_id, category_id FROM old_rows)
        UNION ALL
        (SELECT product_id, category_id FROM old_rows EXCEPT SELECT product_id, category_id FROM new_rows)
      ) d));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION category_listing_variants_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM category_listing_changed(ARRAY(SELECT n.product_id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM category_listing_changed(ARRAY(SELECT o.product_id FROM old_rows o));
  ELSE
    PERFORM category_listing_changed(ARRAY(
      SELECT d.product_id FROM (
        (SELECT id, product_id, option_value_ids FROM new_rows
         EXCEPT SELECT id, product_id, option_value_ids FROM old_rows)
        UNION ALL
        (SELECT id, product_id, option_value_ids FROM old_rows
         EXCEPT SELECT id, product_id, option_value_ids FROM new_rows)
      ) d));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A price whose variant is gone with it (a variant or product deleted) was handled by that delete.
CREATE FUNCTION category_listing_variant_prices_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM category_listing_changed(ARRAY(
      SELECT v.product_id FROM variants v WHERE v.id IN (SELECT n.variant_id FROM new_rows n)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM category_listing_changed(ARRAY(
      SELECT v.product_id FROM variants v WHERE v.id IN (SELECT o.variant_id FROM old_rows o)));
  ELSE
    PERFORM category_listing_changed(ARRAY(
      SELECT v.product_id FROM variants v WHERE v.id IN (
        SELECT d.variant_id FROM (
          (SELECT variant_id, region_id, price, sale_price FROM new_rows
           EXCEPT SELECT variant_id, region_id, price, sale_price FROM old_rows)
          UNION ALL
          (SELECT variant_id, region_id, price, sale_price FROM old_rows
           EXCEPT SELECT variant_id, region_id, price, sale_price FROM new_rows)
        ) d)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION category_listing_product_options_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM category_listing_changed(ARRAY(SELECT n.product_id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM category_listing_changed(ARRAY(SELECT o.product_id FROM old_rows o));
  ELSE
    PERFORM category_listing_changed(ARRAY(
      SELECT d.product_id FROM (
        (SELECT id, product_id, type, display_name FROM new_rows
         EXCEPT SELECT id, product_id, type, display_name FROM old_rows)
        UNION ALL
        (SELECT id, product_id, type, display_name FROM old_rows
         EXCEPT SELECT id, product_id, type, display_name FROM new_rows)
      ) d));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- NOTE: an option value is taken to be used by its own option's product, as the catalogue builds
-- them; values whose option went with a product or option were handled by that delete.
CREATE FUNCTION category_listing_option_values_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM category_listing_changed(ARRAY(
      SELECT o.product_id FROM product_options o WHERE o.id IN (SELECT n.option_id FROM new_rows n)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM category_listing_changed(ARRAY(
      SELECT o.product_id FROM product_options o WHERE o.id IN (SELECT d.option_id FROM old_rows d)));
  ELSE
    PERFORM category_listing_changed(ARRAY(
      SELECT o.product_id FROM product_options o WHERE o.id IN (
        SELECT d.option_id FROM (
          (SELECT id, option_id, label, sort_order, hex_colors FROM new_rows
           EXCEPT SELECT id, option_id, label, sort_order, hex_colors FROM old_rows)
          UNION ALL
          (SELECT id, option_id, label, sort_order, hex_colors FROM old_rows
           EXCEPT SELECT id, option_id, label, sort_order, hex_colors FROM new_rows)
        ) d)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION category_listing_custom_fields_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM category_listing_changed(ARRAY(SELECT n.product_id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM category_listing_changed(ARRAY(SELECT o.product_id FROM old_rows o));
  ELSE
    PERFORM category_listing_changed(ARRAY(
      SELECT d.product_id FROM (
        (SELECT id, product_id, name, value FROM new_rows EXCEPT SELECT id, product_id, name, value FROM old_rows)
        UNION ALL
        (SELECT id, product_id, name, value FROM old_rows EXCEPT SELECT id, product_id, name, value FROM new_rows)
      ) d));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The price lists are the regions' billing regions: when that set changes, every product relists.
CREATE FUNCTION category_listing_regions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  before_lists text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    before_lists := ARRAY(SELECT r.billing_region FROM regions r WHERE r.id NOT IN (SELECT n.id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    before_lists := ARRAY(SELECT r.billing_region FROM regions r UNION SELECT o.billing_region FROM old_rows o);
  ELSE
    before_lists := ARRAY(
      SELECT r.billing_region FROM regions r WHERE r.id NOT IN (SELECT n.id FROM new_rows n)
      UNION SELECT o.billing_region FROM old_rows o);
  END IF;
  IF EXISTS (
    (SELECT r.billing_region FROM regions r EXCEPT SELECT unnest(before_lists))
    UNION ALL
    (SELECT unnest(before_lists) EXCEPT SELECT r.billing_region FROM regions r)
  ) THEN
    PERFORM category_listing_changed(ARRAY(SELECT p.id FROM products p));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_listing_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_listing_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION category_listing_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_listing_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_products_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_listing_insert AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_product_categories_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_listing_update AFTER UPDATE ON product_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION category_listing_product_categories_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_listing_delete AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_product_categories_changed();
--> statement-breakpoint
CREATE TRIGGER variants_listing_insert AFTER INSERT ON variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_variants_changed();
--> statement-breakpoint
CREATE TRIGGER variants_listing_update AFTER UPDATE ON variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION category_listing_variants_changed();
--> statement-breakpoint
CREATE TRIGGER variants_listing_delete AFTER DELETE ON variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_variants_changed();
--> statement-breakpoint
CREATE TRIGGER variant_prices_listing_insert AFTER INSERT ON variant_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_variant_prices_changed();
--> statement-breakpoint
CREATE TRIGGER variant_prices_listing_update AFTER UPDATE ON variant_prices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION category_listing_variant_prices_changed();
--> statement-breakpoint
CREATE TRIGGER variant_prices_listing_delete AFTER DELETE ON variant_prices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_variant_prices_changed();
--> statement-breakpoint
CREATE TRIGGER product_options_listing_insert AFTER INSERT ON product_options
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_product_options_changed();
--> statement-breakpoint
CREATE TRIGGER product_options_listing_update AFTER UPDATE ON product_options
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION category_listing_product_options_changed();
--> statement-breakpoint
CREATE TRIGGER product_options_listing_delete AFTER DELETE ON product_options
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_product_options_changed();
--> statement-breakpoint
CREATE TRIGGER option_values_listing_insert AFTER INSERT ON option_values
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_option_values_changed();
--> statement-breakpoint
CREATE TRIGGER option_values_listing_update AFTER UPDATE ON option_values
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION category_listing_option_values_changed();
--> statement-breakpoint
CREATE TRIGGER option_values_listing_delete AFTER DELETE ON option_values
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_option_values_changed();
--> statement-breakpoint
CREATE TRIGGER custom_fields_listing_insert AFTER INSERT ON custom_fields
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_custom_fields_changed();
--> statement-breakpoint
CREATE TRIGGER custom_fields_listing_update AFTER UPDATE ON custom_fields
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION category_listing_custom_fields_changed();
--> statement-breakpoint
CREATE TRIGGER custom_fields_listing_delete AFTER DELETE ON custom_fields
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_custom_fields_changed();
--> statement-breakpoint
CREATE TRIGGER regions_listing_insert AFTER INSERT ON regions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_regions_changed();
--> statement-breakpoint
CREATE TRIGGER regions_listing_update AFTER UPDATE ON regions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION category_listing_regions_changed();
--> statement-breakpoint
CREATE TRIGGER regions_listing_delete AFTER DELETE ON regions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION category_listing_regions_changed();
--> statement-breakpoint
-- A catalogue loaded before this migration gets its rows now.
SELECT category_listing_refresh(ARRAY(SELECT p.id FROM products p));

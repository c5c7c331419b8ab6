-- Announces every committed write to the catalogue and content tables on the change channel
-- (piste_search, packages/db/src/change-notifications.ts), whoever writes: the shop, a seed or
-- an operator in psql. Every instance listens there and clears its caches and updates its search
-- index (docs/operations.md 'Caches and changes'). NOTIFY is transactional: nothing is heard of a
-- rollback, and identical payloads of one transaction arrive once. A statement that changed no
-- row (an update setting what was already there) announces nothing.

-- The rows a statement changed, as a relation over its transition tables: an update counts the
-- rows that differ, before and after. A TRUNCATE has none: it emptied the table. (Transition
-- tables are seen only by the trigger function itself, so each one runs the query.)
CREATE FUNCTION changed_rows_relation(operation text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE operation
    WHEN 'INSERT' THEN 'new_rows'
    WHEN 'DELETE' THEN 'old_rows'
    ELSE '((SELECT * FROM new_rows EXCEPT SELECT * FROM old_rows) UNION ALL (SELECT * FROM old_rows EXCEPT SELECT * FROM new_rows))'
  END
$$;
--> statement-breakpoint
-- Products by id; more than one payload's worth (500, as searchChangePayloads splits them), or a
-- TRUNCATE, asks for a rebuild instead. TG_ARGV[0] selects the product ids of the changed rows.
CREATE FUNCTION announce_product_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('piste_search', '{"rebuild":true}');
    RETURN NULL;
  END IF;
  EXECUTE format(
    'SELECT array_agg(DISTINCT product_id ORDER BY product_id) FROM (%s) AS ids(product_id)',
    format(TG_ARGV[0], changed_rows_relation(TG_OP))
  ) INTO ids;
  IF cardinality(ids) > 500 THEN
    PERFORM pg_notify('piste_search', '{"rebuild":true}');
  ELSIF cardinality(ids) > 0 THEN
    PERFORM pg_notify('piste_search', json_build_object('products', ids)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Tables every product's answer may read (categories, regions, currencies…), and content.
-- TG_ARGV[0] is the payload.
CREATE FUNCTION announce_table_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed boolean := TG_OP = 'TRUNCATE';
BEGIN
  IF NOT changed THEN
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s AS changed)', changed_rows_relation(TG_OP)) INTO changed;
  END IF;
  IF changed THEN
    PERFORM pg_notify('piste_search', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Content is also cached by the content store, which rereads when the revision moves: a write
-- that did not go through the store (plain SQL) moves it too.
CREATE FUNCTION bump_content_revision() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed boolean := TG_OP = 'TRUNCATE';
BEGIN
  IF NOT changed THEN
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s AS changed)', changed_rows_relation(TG_OP)) INTO changed;
  END IF;
  IF changed THEN
    INSERT INTO content_state (id, revision) VALUES (1, 1)
      ON CONFLICT (id) DO UPDATE SET revision = content_state.revision + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- One trigger per table and operation: a trigger with transition tables serves one operation.
DO $$
DECLARE
  target record;
  operation text;
BEGIN
  FOR target IN
    SELECT * FROM (VALUES
      ('products', 'announce_product_changes', 'SELECT id FROM %s AS changed'),
      ('variants', 'announce_product_changes', 'SELECT product_id FROM %s AS changed'),
      ('variant_prices', 'announce_product_changes',
       'SELECT v.product_id FROM %s AS changed JOIN variants v ON v.id = changed.variant_id'),
      ('product_categories', 'announce_product_changes', 'SELECT product_id FROM %s AS changed'),
      ('product_options', 'announce_product_changes', 'SELECT product_id FROM %s AS changed'),
      ('option_values', 'announce_product_changes',
       'SELECT o.product_id FROM %s AS changed JOIN product_options o ON o.id = changed.option_id'),
      ('product_images', 'announce_product_changes', 'SELECT product_id FROM %s AS changed'),
      ('custom_fields', 'announce_product_changes', 'SELECT product_id FROM %s AS changed'),
      ('categories', 'announce_table_changes', '{"rebuild":true}'),
      ('brands', 'announce_table_changes', '{"rebuild":true}'),
      ('regions', 'announce_table_changes', '{"rebuild":true}'),
      ('currencies', 'announce_table_changes', '{"rebuild":true}'),
      ('region_currencies', 'announce_table_changes', '{"rebuild":true}'),
      ('store_settings', 'announce_table_changes', '{"rebuild":true}'),
      ('content_types', 'announce_table_changes', '{"content":true}'),
      ('content_entries', 'announce_table_changes', '{"content":true}'),
      ('content_assets', 'announce_table_changes', '{"content":true}'),
      ('content_taxonomies', 'announce_table_changes', '{"content":true}'),
      ('content_types', 'bump_content_revision', ''),
      ('content_entries', 'bump_content_revision', ''),
      ('content_assets', 'bump_content_revision', ''),
      ('content_taxonomies', 'bump_content_revision', '')
    ) AS targets (table_name, function_name, argument)
  LOOP
    FOREACH operation IN ARRAY ARRAY['insert', 'update', 'delete', 'truncate'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I %s FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)',
        format('%s_%s_%s', target.table_name, target.function_name, operation),
        operation,
        target.table_name,
        CASE operation
          WHEN 'insert' THEN 'REFERENCING NEW TABLE AS new_rows'
          WHEN 'delete' THEN 'REFERENCING OLD TABLE AS old_rows'
          WHEN 'update' THEN 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'
          ELSE ''
        END,
        target.function_name,
        target.argument
      );
    END LOOP;
  END LOOP;
END
$$;

import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@piste/db';
import type { PriceListRegionId, ProductFacts, ProductFactsReader } from '../commerce-port';

/** The price lists search shows a price in. */
const PRICE_LIST_REGIONS: readonly PriceListRegionId[] = ['us', 'ca', 'eu_region_1'];

/** Ids per statement: one statement reads a chunk's whole graph as one JSON cell (see product-graph.ts). */
const PRODUCTS_PER_STATEMENT = 1_000;

/**
 * The embedded engine's product facts (the commerce half of search documents): the visible
 * products among `ids` (hidden and unknown ids are left out), read in a few statements of a
 * thousand ids each, however large the catalogue.
 */
export function createProductFactsReader(db: Db): ProductFactsReader {
  return (ids) => loadProductFacts(db, ids);
}

async function loadProductFacts(db: Db, ids: Iterable<number>): Promise<Map<number, ProductFacts>> {
  const unique = [...new Set(ids)].sort((left, right) => left - right);
  const facts = new Map<number, ProductFacts>();
  for (let start = 0; start < unique.length; start += PRODUCTS_PER_STATEMENT) {
    for (const product of await loadChunk(db, unique.slice(start, start + PRODUCTS_PER_STATEMENT))) {
      facts.set(product.id, product);
    }
  }
  return facts;
}

interface FactsRow {
  id: number;
  in_stock: boolean;
  categories: ProductFacts['categories'];
  colours: string[];
  sizes: string[];
  prices: { region: string; minor: number; on_sale: boolean }[];
  image: string | null;
  updated_at: string;
}

async function loadChunk(db: Db, ids: number[]): Promise<ProductFacts[]> {
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const regions = sql.join(
    PRICE_LIST_REGIONS.map((region) => sql`${region}`),
    sql`, `,
  );
  const [row] = await queryRows<{ facts: string }>(
    db,
    sql`select coalesce(json_agg(json_build_object(
      'id', p.id,
      'updated_at', p.updated_at,
      'in_stock', case p.inventory_tracking
        when 'none' then true
        when 'product' then p.inventory_level > 0
        else exists (select 1 from variants v where v.product_id = p.id and v.inventory_level > 0 and not v.purchasing_disabled)
      end,
      'categories', coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name, 'path', c.path) order by c.path)
        from product_categories pc join categories c on c.id = pc.category_id and c.is_visible
        where pc.product_id = p.id), '[]'::json),
      'colours', coalesce((
        select json_agg(ov.label order by o.sort_order, ov.sort_order, ov.id)
        from product_options o join option_values ov on ov.option_id = o.id
        where o.product_id = p.id and o.type = 'swatch'), '[]'::json),
      'sizes', coalesce((
        select json_agg(ov.label order by o.sort_order, ov.sort_order, ov.id)
        from product_options o join option_values ov on ov.option_id = o.id
        where o.product_id = p.id and o.type = 'rectangles'), '[]'::json),
      'prices', coalesce((
        -- Per price list, the cheapest price to pay and whether the cheapest variant pays a
        -- sale price, as a product card decides its sale tag (catalogue-service.ts).
        select json_agg(json_build_object('region', region_id, 'minor', minor, 'on_sale', on_sale))
        from (
          select vp.region_id, min(vp.to_pay) as minor, (array_agg(vp.on_sale order by vp.to_pay, v.id))[1] as on_sale
          from variants v
          cross join unnest(array[${regions}]::text[]) as price_list(region_id)
          -- One primary-key lookup per variant and price list: \`limit 1\` keeps the planner
          -- from joining every price of the region instead (as in product-graph.ts).
          join lateral (
            select price_list.region_id,
                   case when sale_price < price then sale_price else price end as to_pay,
                   coalesce(sale_price < price, false) as on_sale
            from variant_prices
            where variant_prices.variant_id = v.id and variant_prices.region_id = price_list.region_id
            limit 1
          ) vp on true
          where v.product_id = p.id
          group by vp.region_id
        ) region_prices), '[]'::json),
      'image', (select i.media_id from product_images i where i.product_id = p.id order by i.sort_order, i.id limit 1)
    )), '[]'::json)::text as facts
    from products p
    where p.id in (${idList}) and p.is_visible`,
  );
  return (JSON.parse(row!.facts) as FactsRow[]).map((product) => ({
    id: product.id,
    inStock: product.in_stock,
    categories: product.categories,
    colours: product.colours,
    sizes: product.sizes,
    prices: Object.fromEntries(
      product.prices.map(({ region, minor, on_sale }) => [region, { minor, onSale: on_sale }]),
    ) as ProductFacts['prices'],
    image: product.image,
    updatedAt: product.updated_at,
  }));
}

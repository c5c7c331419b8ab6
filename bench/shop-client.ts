/** What the benchmarks ask the shop's API for before they load it: stocked variants and carts. */
import type { RunningServer } from './lib';

/** Any well-formed token: the double submit only needs the header to echo the cookie. */
export const XSRF = 'b'.repeat(43);

export const MUTATING_HEADERS = { 'content-type': 'application/json', 'x-xsrf-token': XSRF };

export interface Variant {
  id: number;
  product_id: number;
  inventory_level: number;
}

/** The variants with the most stock: enough for every add a run makes. */
export async function stockedVariants(server: RunningServer): Promise<Variant[]> {
  const response = await fetch(`${server.baseUrl}/api/variants?limit=250`);
  const variants = ((await response.json()) as { data: Variant[] }).data;
  return variants.sort((a, b) => b.inventory_level - a.inventory_level).slice(0, 20);
}

/** A cart holding one of the variant, and the cookie that opens it. */
export async function createCart(server: RunningServer, variant: Variant): Promise<{ id: string; cookie: string }> {
  const response = await fetch(`${server.baseUrl}/api/cart/create`, {
    method: 'POST',
    headers: { ...MUTATING_HEADERS, cookie: `XSRF-TOKEN=${XSRF}` },
    body: JSON.stringify({ line_items: [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }] }),
  });
  if (response.status !== 201) throw new Error(`cart/create answered ${response.status}: ${await response.text()}`);
  const session = /piste_cart=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')![1]!;
  const id = ((await response.json()) as { data: { id: string } }).data.id;
  return { id, cookie: `XSRF-TOKEN=${XSRF}; piste_cart=${session}` };
}

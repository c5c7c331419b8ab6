import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import { integerArrayLiteral, queryRowsPrepared, type Db } from '@piste/db';
import type { ImageSize } from '../catalogue/catalogue-contract';
import type { ShopperContext } from '../shopper-context';
import { cartItems, carts, regionCurrencies } from '../schema/index';
import type { CartAccess, CartService } from './cart-contract';
import type { CartDto } from './cart-dto';
import { loadCartGraph } from './cart-graph';
import { assertQuantity, assertSameProduct, mergeRequested, notAVariantOf } from './cart-line-rules';
import { checkLines, type LineRow, type PlannedLine, type Tx } from './cart-lines';
import { toCartDto } from './cart-pricing';
import type { CartItemUpdate, CartLineItemInput } from './cart-schemas';
import { cartSecretMatches, hashCartSecret, newCartSecret, type CartSessionToken } from './cart-session';

export interface CartServiceOptions {
  /** Builds an image URL from a media id, as the catalogue does. */
  imageUrl: (mediaId: string, size: ImageSize) => string;
}

type CartRow = Pick<typeof carts.$inferSelect, 'customerId' | 'secretHash' | 'status'>;

/**
 * A cart change commits without waiting for its write-ahead log to reach the disk (Postgres's
 * asynchronous commit, for this transaction only): a crash may lose the last moment's changes
 * to carts, never corrupt anything, and orders keep the default. Carts are the shop's busiest
 * writes and the cheapest to lose: a shopper adds the item again.
 */
const CART_WRITES_COMMIT_ASYNCHRONOUSLY = sql`set local synchronous_commit = off`;

function cartNotFound(cartId: string): DomainError {
  return new DomainError('NOT_FOUND', `Cart ${cartId} does not exist.`);
}

function canReach(cart: CartRow, access: CartAccess): boolean {
  if (cart.status !== 'active') return false;
  // A customer's cart stays closed to a session secret left behind on a shared computer.
  if (cart.customerId !== null) return access.customerId != null && access.customerId === cart.customerId;
  return !!access.secret && cartSecretMatches(access.secret, cart.secretHash);
}

/**
 * Carts (spec §3 'Cart', §4 'Cart'; docs/api.md 'Cart'): lines reference variants; quantities are 1–99
 * and never above stock; prices come from the region's price list and the shopper's group on
 * every read, never from the client or from the time of adding. The line rules are cart-lines.ts,
 * the pricing of a cart cart-pricing.ts.
 */
export function createCartService(db: Db, options: CartServiceOptions): CartService {
  const toDto = (shopper: ShopperContext, graph: Parameters<typeof toCartDto>[1]) =>
    toCartDto(shopper, graph, options.imageUrl);

  /** The price list's currency, as a subquery for writes. */
  const currencyOf = (shopper: ShopperContext) =>
    sql`(select ${regionCurrencies.currencyCode} from ${regionCurrencies}
         where ${regionCurrencies.regionId} = ${shopper.region.priceListRegion}
         order by ${regionCurrencies.position} limit 1)`;

  /**
   * Runs a change on a cart the caller can reach. Its first statement moves the cart to the
   * shopper's region (the region it was last changed in is the one its checkout prices in)
   * and takes the row lock until the transaction ends, so that changes to one cart happen one
   * at a time; a caller who cannot reach the cart rolls that back. NOTE: the lines are read by
   * a second statement: under read committed, one that waited for the lock sees the lines the
   * previous change committed only in a snapshot taken after the wait.
   */
  async function change(
    shopper: ShopperContext,
    cartId: string,
    access: CartAccess,
    apply: (tx: Tx, lines: LineRow[]) => Promise<void>,
  ): Promise<CartDto> {
    await db.transaction(async (tx) => {
      // Both statements are prepared (decision 029-i): every change runs them. The first also
      // turns on the asynchronous commit (as CART_WRITES_COMMIT_ASYNCHRONOUSLY does), saving a round trip.
      const [row] = await queryRowsPrepared<CartRow>(
        db,
        'cart_change_lock',
        sql`update carts
            set region_id = ${shopper.region.id}, currency_code = ${currencyOf(shopper)}, updated_at = now()
            from (select set_config('synchronous_commit', 'off', true)) as asynchronous_commit
            where id = ${cartId}
            returning customer_id as "customerId", secret_hash as "secretHash", status`,
        tx,
      );
      if (!row || !canReach(row, access)) throw cartNotFound(cartId);
      const lines = await queryRowsPrepared<LineRow>(
        db,
        'cart_change_lines',
        sql`select id, product_id as "productId", variant_id as "variantId", quantity
            from cart_items where cart_id = ${cartId}`,
        tx,
      );
      await apply(tx, lines);
    });
    return toDto(shopper, await loadCartGraph(db, cartId, shopper.region.priceListRegion));
  }

  function findLine(lines: LineRow[], cartId: string, itemId: string): LineRow {
    const line = lines.find((candidate) => candidate.id === itemId);
    if (!line) throw new DomainError('NOT_FOUND', `Line item ${itemId} is not in cart ${cartId}.`);
    return line;
  }

  return {
    /**
     * `POST cart/create`: a new guest cart holding the given lines. Answers the cart and the
     * session token (cart id and secret) that opens it; the secret is not kept anywhere else.
     */
    async create(
      shopper: ShopperContext,
      lineItems: readonly CartLineItemInput[],
    ): Promise<{ cart: CartDto; session: CartSessionToken }> {
      const requested = mergeRequested(lineItems);
      const session = { cartId: randomUUID(), secret: newCartSecret() };
      await db.transaction(async (tx) => {
        await tx.execute(CART_WRITES_COMMIT_ASYNCHRONOUSLY);
        const planned = requested.map((item) => ({
          productId: item.product_id,
          variantId: item.variant_id,
          quantity: item.quantity,
        }));
        await checkLines(
          { db, tx },
          shopper,
          planned.map((line) => ({ ...line, id: null })),
          new Set(planned.map((line) => line.variantId)),
        );
        await tx.insert(carts).values({
          id: session.cartId,
          regionId: shopper.region.id,
          currencyCode: currencyOf(shopper),
          secretHash: hashCartSecret(session.secret),
        });
        await tx.insert(cartItems).values(planned.map((line) => ({ ...line, cartId: session.cartId })));
      });
      const cart = toDto(shopper, await loadCartGraph(db, session.cartId, shopper.region.priceListRegion));
      return { cart, session };
    },

    /** `GET cart/{cartId}`: NOT_FOUND for a cart the caller cannot reach, so its existence never shows. */
    async get(shopper: ShopperContext, cartId: string, access: CartAccess): Promise<CartDto> {
      const graph = await loadCartGraph(db, cartId, shopper.region.priceListRegion);
      const cart = graph.cart;
      const row = cart && { customerId: cart.customer_id, secretHash: cart.secret_hash, status: cart.status };
      if (!row || !canReach(row, access)) throw cartNotFound(cartId);
      return toDto(shopper, graph);
    },

    /** `POST cart/{cartId}/items`: a variant the cart holds gets the quantities added to its line. */
    addItems(
      shopper: ShopperContext,
      cartId: string,
      access: CartAccess,
      lineItems: readonly CartLineItemInput[],
    ): Promise<CartDto> {
      const requested = mergeRequested(lineItems);
      return change(shopper, cartId, access, async (tx, lines) => {
        const planned: PlannedLine[] = lines.map((line) => ({ ...line }));
        for (const item of requested) {
          const existing = planned.find((line) => line.variantId === item.variant_id);
          if (existing && existing.productId !== item.product_id) throw notAVariantOf(item.variant_id, item.product_id);
          if (existing) existing.quantity += item.quantity;
          else
            planned.push({ id: null, productId: item.product_id, variantId: item.variant_id, quantity: item.quantity });
        }
        await checkLines({ db, tx }, shopper, planned, new Set(requested.map((item) => item.variant_id)));
        // One statement for every line the call sets, new lines and more of the ones it held:
        // prepared, with the lines as one array per column so that its text stays the same.
        const setLines = planned.filter((line) => requested.some((item) => item.variant_id === line.variantId));
        const column = (pick: (line: PlannedLine) => number) => integerArrayLiteral(setLines.map(pick));
        await queryRowsPrepared(
          db,
          'cart_add_lines',
          sql`insert into cart_items (cart_id, product_id, variant_id, quantity)
              select ${cartId}::uuid, line.product_id, line.variant_id, line.quantity
              from unnest(${column((line) => line.productId)}::integer[], ${column((line) => line.variantId)}::integer[],
                          ${column((line) => line.quantity)}::integer[]) as line (product_id, variant_id, quantity)
              on conflict (cart_id, variant_id) do update set quantity = excluded.quantity`,
          tx,
        );
      });
    },

    /**
     * `PUT cart/{cartId}/items/{itemId}`: sets a line's quantity and, with `variantID`, its
     * variant (of the same product). Moving to a variant another line holds merges the two.
     */
    updateItem(
      shopper: ShopperContext,
      cartId: string,
      access: CartAccess,
      itemId: string,
      update: CartItemUpdate,
    ): Promise<CartDto> {
      assertQuantity(update.quantity);
      return change(shopper, cartId, access, async (tx, lines) => {
        const line = findLine(lines, cartId, itemId);
        assertSameProduct(itemId, line.productId, update.productID);
        const variantId = update.variantID ?? line.variantId;
        const other = lines.find((candidate) => candidate.variantId === variantId && candidate.id !== line.id);
        const target: PlannedLine = other
          ? { ...other, quantity: other.quantity + update.quantity }
          : { ...line, variantId, quantity: update.quantity };
        const planned = [
          ...lines.filter((candidate) => candidate.id !== line.id && candidate.id !== other?.id),
          target,
        ];
        await checkLines({ db, tx }, shopper, planned, new Set([variantId]));
        if (other) await tx.delete(cartItems).where(eq(cartItems.id, line.id));
        await tx.update(cartItems).set({ variantId, quantity: target.quantity }).where(eq(cartItems.id, target.id!));
      });
    },

    /** `DELETE cart/{cartId}/items/{itemId}`. The cart stays, empty or not, for the session to keep using. */
    removeItem(shopper: ShopperContext, cartId: string, access: CartAccess, itemId: string): Promise<CartDto> {
      return change(shopper, cartId, access, async (tx, lines) => {
        await tx.delete(cartItems).where(eq(cartItems.id, findLine(lines, cartId, itemId).id));
      });
    },

    /**
     * `PUT cart/{cartId}` (spec §4 'Cart': logging in updates the cart's customer). Only the
     * signed-in customer may link a cart to themselves; `null` unlinks it.
     */
    linkCustomer(
      shopper: ShopperContext,
      cartId: string,
      access: CartAccess,
      customerId: number | null,
    ): Promise<CartDto> {
      return change(shopper, cartId, access, async (tx) => {
        if (customerId !== null && customerId !== access.customerId) {
          throw new DomainError(
            'NOT_ALLOWED',
            'A cart can only be linked to the customer who is signed in.',
            'NOT_ALLOWED',
          );
        }
        await tx.update(carts).set({ customerId }).where(eq(carts.id, cartId));
      });
    },

    /**
     * The signed-in customer's most recent active cart, with a new session secret for this
     * browser (the old one may sit on another device), so a cart follows its owner across
     * devices. Null when they have none.
     */
    async resumeForCustomer(customerId: number): Promise<CartSessionToken | null> {
      const secret = newCartSecret();
      const [resumed] = await db
        .update(carts)
        .set({ secretHash: hashCartSecret(secret) })
        .where(
          eq(
            carts.id,
            sql`(select id from carts where customer_id = ${customerId} and status = 'active' order by updated_at desc limit 1)`,
          ),
        )
        .returning({ id: carts.id });
      return resumed ? { cartId: resumed.id, secret } : null;
    },

    /** `DELETE cart/{cartId}`. */
    async delete(cartId: string, access: CartAccess): Promise<void> {
      await db.transaction(async (tx) => {
        // Deleted and checked in one statement; a caller who cannot reach the cart rolls it back.
        const [row] = await tx
          .delete(carts)
          .where(eq(carts.id, cartId))
          .returning({ customerId: carts.customerId, secretHash: carts.secretHash, status: carts.status });
        if (!row || !canReach(row, access)) throw cartNotFound(cartId);
      });
    },
  };
}

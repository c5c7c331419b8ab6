import { useMemo } from 'react';
import { data, Form, useNavigation, useSearchParams } from 'react-router';
import { DEFAULT_RELATED_HEADING, productSurrogateKey, productTag } from '@piste/core';
import { LocaleLink } from '../components/locale-link';
import {
  addToCart,
  cartProblem,
  cartProductUids,
  cartSessionHeaders,
  loadCartSession,
} from '../features/cart/cart-session.server';
import { AddOnProducts } from '../features/catalogue/add-on-products';
import { PriceTag } from '../features/catalogue/price-tag';
import { ProductListSection } from '../features/catalogue/product-grid';
import { ProductGallery } from '../features/catalogue/product-gallery';
import { ProductTagBadge } from '../features/catalogue/product-tag-badge';
import { loadProductPage } from '../features/catalogue/product-page.server';
import { MAX_QUANTITY, PurchaseForm } from '../features/catalogue/purchase-form';
import { SwatchPicker } from '../features/catalogue/swatch-picker';
import { productPageMeta } from '../features/seo/page-structured-data';
import { ShareButton } from '../features/share/share-button';
import { currencyCodeFor } from '../features/tracking/currency-code.server';
import { viewItemEvent } from '../features/tracking/view-item';
import { cartLineEvent } from '../features/tracking/analytics';
import { pageTitle } from '../lib/brand';
import { usePageViewEvent } from '../lib/data-layer';
import { useDisplayText } from '../lib/display-text';
import { useShopper } from '../features/site-chrome/shopper-state';
import { readFormData } from '../lib/form-data.server';
import { refuseCrossSitePost } from '../lib/request.server';
import styles from './product.module.css';
import type { Route } from './+types/product';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { localeState, shopper } = context;
  // The add-on quick-add modal needs the product alone, not the lists around it.
  const quickAdd = new URL(request.url).searchParams.get('view') === 'quick-add';
  const [page, cart, currencyCode] = await Promise.all([
    loadProductPage(context, localeState, params.uid, { withRelated: !quickAdd }),
    // Only a signed-in customer's page is theirs alone (decision 029-a); others learn the cart after load.
    context.customer ? loadCartSession(context, request, shopper) : null,
    // The view_item event's currency; only shopping regions price a product.
    localeState.shoppingRegion ? currencyCodeFor(context, shopper) : null,
  ]);
  // A change to this product or a related one purges the page from the CDN.
  for (const { commerceId } of [page.product, ...page.related]) {
    if (commerceId !== null) context.surrogateKeys.add(productSurrogateKey(commerceId));
  }
  // Spec §4 'Product card': add-ons show "Added to cart" for products the cart holds.
  const cartProducts = cart ? cartProductUids(cart.cart) : null;
  return { ...page, language: localeState.language, cartProducts, currencyCode };
}

/**
 * Add to cart: the chosen variant goes into the session's cart, which is created (with its
 * cookie) on the first add. The engine checks stock and prices; refusals come back as
 * messages the form shows.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  refuseCrossSitePost(request);
  const form = await readFormData(request);
  const { localeState } = context;
  const { product, shopping } = await loadProductPage(context, localeState, params.uid, { withRelated: false });
  if (!shopping)
    return data({ ok: false, message: 'Online shopping is not available in your country.' }, { status: 400 });
  const variant = product.variants.find((candidate) => String(candidate.id) === form.get('variantId'));
  const quantity = Number(form.get('quantity'));
  if (!variant || product.commerceId === null)
    return data({ ok: false, message: 'Choose a colour and a size.' }, { status: 400 });
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
    return data(
      { ok: false, message: 'Choose a quantity from 1 to {max}.', values: { max: MAX_QUANTITY } },
      { status: 400 },
    );
  }
  try {
    const session = await addToCart(context, request, context.shopper, {
      product_id: product.commerceId,
      variant_id: variant.id,
      quantity,
    });
    const cart = session.cart!;
    const line = cart.line_items.physical_items.find((candidate) => candidate.variant_id === variant.id);
    return data(
      {
        ok: true,
        message: 'Added to cart',
        analytics: line ? cartLineEvent('add_to_cart', cart, line, quantity) : undefined,
      },
      { headers: cartSessionHeaders(session) },
    );
  } catch (error) {
    const problem = cartProblem(error);
    if (!problem) throw error;
    return data({ ok: false, message: problem.message, values: problem.values }, { status: problem.status });
  }
}

/** Title, Open Graph and Twitter tags, and the Product and BreadcrumbList JSON-LD (docs/seo.md). */
export const meta: Route.MetaFunction = ({ data: page, matches, location }) =>
  page ? productPageMeta(page, matches, location.pathname) : [{ title: pageTitle('Product') }];

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    product,
    shopping,
    currency,
    currencyCode,
    displayPrice,
    related,
    addOns,
    language,
    cartProducts,
    shopperGroup,
  } = loaderData;
  const t = useDisplayText();
  // A shared page learns the cart's products after load (decision 029-a).
  const cartProductsAfterLoad = useShopper().cartProductUids;
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const requested = searchParams.get('colour')?.toLowerCase();
  const colour = product.colours.find((candidate) => candidate.label.toLowerCase() === requested) ?? product.colours[0];
  const colourLabel = colour?.label ?? '';
  const priced = product.variants.find((candidate) => candidate.colour === colourLabel) ?? product.variants[0];
  const onSale = product.variants.some((candidate) => candidate.salePrice !== null);
  // GA4 view_item, once per product page and only when tracking is enabled (docs/analytics.md 'Events').
  const viewItem = useMemo(
    () => (shopping ? viewItemEvent(product, priced, currencyCode) : null),
    [shopping, product, priced, currencyCode],
  );
  usePageViewEvent(viewItem);
  const tag = productTag({
    onSale,
    isNew: product.isNew,
    isRedesigned: product.isRedesigned,
    // Spec §4 'Tags': "Pro customers never see the sale tag"; employees neither (docs/accounts.md).
    isPro: shopperGroup === 'pro',
    isEmployee: shopperGroup === 'employee',
    isAddOnGrid: false,
  });

  const selectColour = (label: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('colour', label.toLowerCase());
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <article className={styles.product}>
      <ProductGallery title={product.title} colour={colourLabel} images={colour?.images ?? []} />
      <div className={styles.details}>
        {tag ? <ProductTagBadge kind={tag} language={language} /> : null}
        <h1 className={styles.title}>{product.title}</h1>
        <p className={styles.tagline}>{product.tagline}</p>
        <p className={styles.price}>
          {shopping && priced ? (
            <PriceTag
              price={priced.price}
              salePrice={priced.salePrice}
              calculatedPrice={priced.calculatedPrice}
              shopperGroup={shopperGroup}
              currency={currency}
            />
          ) : (
            displayPrice
          )}
        </p>

        <div className={styles.choice}>
          <p className={styles.label}>
            {t('Colour')}: <strong>{colourLabel}</strong>
          </p>
          <SwatchPicker colours={product.colours} selected={colourLabel} onSelect={selectColour} />
        </div>

        {shopping ? (
          <PurchaseForm
            key={product.uid}
            product={product}
            colour={colourLabel}
            FormComponent={Form}
            submitting={navigation.state === 'submitting'}
            result={actionData}
          />
        ) : (
          <p className={styles.notice}>
            {t('Online shopping is not available in your country yet.')}{' '}
            <LocaleLink to="/stores">{t('Find a Piste dealer near you')}</LocaleLink>.
          </p>
        )}

        {/* Spec §2 'Social share button': the page's canonical URL and title; Pinterest pins the main image. */}
        <ShareButton
          title={product.title}
          description={product.tagline}
          image={colour?.images[0] ? { mediaId: colour.images[0] } : undefined}
        />

        <section className={styles.about} aria-labelledby="about-heading">
          <h2 id="about-heading">{t('About this product')}</h2>
          <p>{product.description}</p>
          {product.specs.length > 0 ? (
            <dl className={styles.specs}>
              {product.specs.map((spec) => (
                <div key={spec.name}>
                  <dt>{t(spec.name)}</dt>
                  <dd>{spec.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </section>
      </div>
      <div className={styles.related}>
        {addOns ? (
          <AddOnProducts
            heading={addOns.heading}
            products={addOns.products}
            currency={currency}
            inCart={new Set(cartProducts ?? cartProductsAfterLoad)}
          />
        ) : null}
        <ProductListSection
          products={related}
          currency={currency}
          language={language}
          heading={t(DEFAULT_RELATED_HEADING)}
          list={{ id: 'related_products', name: DEFAULT_RELATED_HEADING }}
        />
      </div>
    </article>
  );
}

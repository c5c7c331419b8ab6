import { useState, type ReactNode } from 'react';
import type { BannerEntry, PageModule } from '@piste/content';
import { sanitizeRichText } from '../lib/content.server';
import { TAG_KINDS, TAG_LANGUAGES, tagLabel } from '@piste/core';
import { ErrorPage } from '../layouts/error-page';
import { PageIntro } from '../components/page-intro';
import { AddOnProducts } from '../features/catalogue/add-on-products';
import { currencyFormatFor } from '../features/catalogue/currency.server';
import { PriceTag } from '../features/catalogue/price-tag';
import { ProductCard } from '../features/catalogue/product-card';
import { loadSampleProductCards } from '../features/catalogue/product-card.server';
import { ProductCardSkeleton } from '../features/catalogue/product-card-skeleton';
import { ProductListSection } from '../features/catalogue/product-grid';
import { ProductTagBadge } from '../features/catalogue/product-tag-badge';
import { SizePicker } from '../features/catalogue/size-picker';
import { SwatchPicker } from '../features/catalogue/swatch-picker';
import { Banner } from '../features/content/banner';
import { HotspotImage } from '../features/content/hotspot-image';
import type { BannerBackgroundView } from '../features/content/banner-view';
import { PageModules } from '../features/content/page-modules';
import { loadPageModules } from '../features/content/page-modules.server';
import { RichText } from '../features/content/rich-text';
import { pageTitle } from '../lib/brand';
import { translateFrom, useDisplayText } from '../lib/display-text';
import styles from './styletile.module.css';
import type { Route } from './+types/styletile';

/** Products read for the samples; the first few the region sells are shown. */
const CANDIDATES = 24;
const SAMPLE_PRODUCTS = 4;
const SLIDER_PRODUCTS = 8;
/** Seed banners with each kind of background; 'home-hotspots' carries hotspots. */
const BANNER_SAMPLES = ['home-hero-image', 'home-hero-slider', 'home-video', 'home-hotspots'];
/** The banner opening the sample page of modules. */
const PAGE_BANNER_SAMPLE = 'home-park-season';
/** Editorial rich text with every element editors use, as the content service would hold it. */
const RICH_TEXT_SAMPLE = `
  <h2>Built for storm days</h2>
  <p>Every Piste binding is tested <strong>on snow</strong> before it ships. Read the
  <a href="/support">set-up guide</a> or <em>find a dealer</em> to have it mounted.</p>
  <h3>In the box</h3>
  <ul><li>Two bindings with mounting screws</li><li>A stance tool</li></ul>
  <ol><li>Set your stance width</li><li>Centre the boot</li><li>Tighten to 4 Nm</li></ol>
  <blockquote><p>The first binding I never had to think about.</p></blockquote>`;

export async function loader({ context }: Route.LoaderArgs) {
  const { localeState, shopper } = context;
  const [currency, products] = await Promise.all([
    currencyFormatFor(context, shopper, localeState.locale),
    loadSampleProductCards(context, localeState, shopper, CANDIDATES),
  ]);
  // No named query reads banners by uid: read them as references, and, like the named queries
  // (spec §8), log a failure and show the rest of the tile (its sections say content is missing).
  const { content } = context.services;
  const banners: BannerEntry[] = await content.client
    .references('banner', [...BANNER_SAMPLES, PAGE_BANNER_SAMPLE], localeState.contentLocale)
    .catch((error: unknown) => {
      content.logger.error('[content:styletile] Content request failed', error);
      return [];
    });
  const bannerModule = (uid: string): PageModule[] => {
    const entry = banners.find((banner) => banner.uid === uid);
    return entry ? [{ banner: { banner: [entry] } }] : [];
  };
  const [bannerSamples, pageSample] = await Promise.all([
    loadPageModules(context, localeState, BANNER_SAMPLES.flatMap(bannerModule)),
    loadPageModules(context, localeState, [
      ...bannerModule(PAGE_BANNER_SAMPLE),
      {
        product_slider: {
          heading: 'Ride-ready picks',
          products: products
            .slice(0, SLIDER_PRODUCTS)
            .map((product) => ({ uid: product.uid, _content_type_uid: 'product' })),
        },
      },
      { rich_text: { content: '<p>A page is made of banners, hotspot images, product sliders and rich text.</p>' } },
    ]),
  ]);
  return {
    language: localeState.language,
    currency,
    products: products.slice(0, SAMPLE_PRODUCTS),
    contentSamples: bannerSamples.modules,
    pageModules: pageSample.modules,
    richText: sanitizeRichText(RICH_TEXT_SAMPLE),
    // The product with the most colours shows the swatches at their fullest.
    swatchProduct: products.reduce<(typeof products)[number] | null>(
      (most, product) => (product.colours.length > (most?.colours.length ?? 0) ? product : most),
      null,
    ),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translateFrom(matches[0]?.loaderData?.displayTexts);
  return [{ title: pageTitle(t('Style tile')) }, { name: 'robots', content: 'noindex' }];
};

const COLOURS = [
  ['Ink', '--color-ink'],
  ['On ink', '--color-on-ink'],
  ['On ink, muted', '--color-on-ink-muted'],
  ['Text', '--color-text'],
  ['Muted', '--color-muted'],
  ['Background', '--color-background'],
  ['Surface', '--color-surface'],
  ['Border', '--color-border'],
  ['Accent', '--color-accent'],
  ['Accent strong', '--color-accent-strong'],
  ['On accent', '--color-on-accent'],
  ['Sale', '--color-sale'],
  ['Success', '--color-success'],
] as const;

const TYPE_SCALE = [
  ['Hero', '--text-hero'],
  ['3XL', '--text-3xl'],
  ['2XL', '--text-2xl'],
  ['XL', '--text-xl'],
  ['Large', '--text-lg'],
  ['Base', '--text-base'],
  ['Small', '--text-sm'],
] as const;

/** Each section's anchor and title, in page order (the contents list at the top). */
const SECTIONS = {
  typography: 'Typography',
  colours: 'Colours',
  buttons: 'Buttons',
  'form-controls': 'Form controls',
  prices: 'Price tag',
  tags: 'Product tags',
  swatches: 'Swatches',
  sizes: 'Size picker',
  'product-card': 'Product card',
  'product-slider': 'Product slider',
  'add-ons': 'Add-on products',
  banners: 'Banners',
  hotspots: 'Hotspot image',
  'rich-text': 'Rich text',
  'page-modules': 'Page modules',
  'error-page': 'Error page',
} as const;

type SectionId = keyof typeof SECTIONS;

const BACKGROUND_LABELS: Record<BannerBackgroundView['kind'] | 'none', string> = {
  image: 'Image background',
  'image-set': 'Image set',
  video: 'Video background',
  none: 'No background',
};

/** The error the error-page sample shows: a route's 404, as React Router hands it over. */
const NOT_FOUND = { status: 404, statusText: 'Not Found', internal: false, data: null };

function Section({ id, note, children }: { id: SectionId; note?: string; children: ReactNode }) {
  const t = useDisplayText();
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={styles.section}>
      <h2 id={`${id}-heading`} className={styles.sectionHeading}>
        {t(SECTIONS[id])}
      </h2>
      {note ? <p className={styles.note}>{note}</p> : null}
      {children}
    </section>
  );
}

function SwatchSample({ colours, label }: { colours: Array<{ label: string; hex: string[] }>; label: string }) {
  const [selected, setSelected] = useState(colours[0]?.label ?? '');
  return (
    <div className={styles.stack}>
      <SwatchPicker
        colours={colours.map((colour) => ({ ...colour, images: [] }))}
        selected={selected}
        onSelect={setSelected}
        label={label}
      />
      <p className={styles.caption}>{selected}</p>
    </div>
  );
}

function SizeSample() {
  const [selected, setSelected] = useState<string | null>('M');
  return (
    <SizePicker
      sizes={['XS', 'S', 'M', 'L', 'XL']}
      selected={selected}
      soldOut={new Set(['XS'])}
      onSelect={setSelected}
    />
  );
}

/**
 * Spec §2 `/{lang}/styletile`: every storefront component on one page, with live data where the
 * component shows it (products and prices of this region, content from the content service), so
 * designers can review a change everywhere at once.
 */
export default function StyletilePage({ loaderData }: Route.ComponentProps) {
  const { language, currency, products, swatchProduct, contentSamples, pageModules, richText } = loaderData;
  const t = useDisplayText();
  const sample = t('Fresh tracks at first lift');
  const contentMissing = t('This content could not be read from the content service.');
  const banners = contentSamples.flatMap((module) => (module.type === 'banner' ? [module.banner] : []));
  const hotspotImages = contentSamples.flatMap((module) => (module.type === 'hotspot-image' ? [module] : []));

  return (
    <>
      <PageIntro eyebrow={t('Design system')} title={t('Style tile')}>
        {t('Every component the storefront is built from, on one page.')}
      </PageIntro>
      <nav aria-label={t('Sections')} className={styles.contents}>
        <ul>
          {Object.entries(SECTIONS).map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{t(title)}</a>
            </li>
          ))}
        </ul>
      </nav>

      <Section id="typography">
        <div className={styles.typeSpecimen}>
          {TYPE_SCALE.map(([name, token]) => (
            <p key={token} className={styles.typeSample} style={{ fontSize: `var(${token})` }}>
              <span className={styles.caption}>
                {name} · <code>{token}</code>
              </span>
              {sample}
            </p>
          ))}
        </div>
        <div className={styles.headings}>
          <p className={styles.h1Sample}>{t('Heading 1')}</p>
          <h3>{t('Heading 3')}</h3>
          <p>
            {t('Body text with a link:')} <a href="#typography">{t('a link in running text')}</a>.
          </p>
          <p className={styles.caption}>{t('Small print and captions')}</p>
        </div>
      </Section>

      <Section id="colours">
        <ul className={styles.swatches}>
          {COLOURS.map(([name, token]) => (
            <li key={token}>
              <span className={styles.colour} style={{ background: `var(${token})` }} />
              <strong>{t(name)}</strong>
              <code>{token}</code>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="buttons">
        <div className={styles.row}>
          <button type="button" className="button-primary">
            {t('Add to cart')}
          </button>
          <button type="button" className="button-secondary">
            {t('Find a store')}
          </button>
          <button type="button" className="button-primary" disabled>
            {t('Sold out')}
          </button>
          <a href="#buttons" className="button-secondary">
            {t('A link styled as a button')}
          </a>
        </div>
        <div className={`${styles.row} ${styles.onInk}`}>
          <button type="button" className="button-secondary">
            {t('Secondary on ink')}
          </button>
        </div>
      </Section>

      <Section id="form-controls">
        <form className={styles.form} onSubmit={(event) => event.preventDefault()}>
          <label className={styles.field}>
            {t('Email')}
            <input type="email" name="email" placeholder="rider@example.com" autoComplete="off" />
          </label>
          <label className={styles.field}>
            {t('Search by city or postcode')}
            <input type="search" name="q" defaultValue="Innsbruck" />
          </label>
          <label className={styles.field}>
            {t('Sort by')}
            <select name="sort" defaultValue="newest">
              <option value="featured">{t('Featured')}</option>
              <option value="newest">{t('Newest')}</option>
            </select>
          </label>
          <label className={styles.field}>
            {t('Quantity')}
            <input type="number" name="quantity" min={1} defaultValue={1} inputMode="numeric" />
          </label>
          <fieldset className={styles.choices}>
            <legend>{t('Checkboxes and radios')}</legend>
            <label>
              <input type="checkbox" name="instock" defaultChecked /> {t('In stock only')}
            </label>
            <label>
              <input type="radio" name="delivery" defaultChecked /> {t('Standard delivery')}
            </label>
            <label>
              <input type="radio" name="delivery" /> {t('Express delivery')}
            </label>
          </fieldset>
        </form>
      </Section>

      <Section id="prices">
        <dl className={styles.samples}>
          <div>
            <dt>{t('Regular price')}</dt>
            <dd>
              <PriceTag price={249.95} salePrice={null} currency={currency} />
            </dd>
          </div>
          <div>
            <dt>{t('On sale, with the retail price struck through')}</dt>
            <dd>
              <PriceTag price={249.95} salePrice={199.95} currency={currency} />
            </dd>
          </div>
          <div>
            <dt>{t('Thousands')}</dt>
            <dd>
              <PriceTag price={1249.5} salePrice={null} currency={currency} />
            </dd>
          </div>
        </dl>
      </Section>

      <Section id="tags" note={t('Each tag in every language it is printed in.')}>
        {/* Focusable, so keyboard users can scroll it on a phone. */}
        <div className={styles.tableScroll} role="region" aria-label={t('Product tags in each language')} tabIndex={0}>
          <table className={styles.tagTable}>
            <thead>
              <tr>
                <th scope="col">{t('Language')}</th>
                {TAG_KINDS.map((kind) => (
                  <th key={kind} scope="col">
                    {t(tagLabel(kind, 'en'))}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {TAG_LANGUAGES.map((tagLanguage) => (
                <tr key={tagLanguage}>
                  <th scope="row">
                    <code>{tagLanguage}</code>
                  </th>
                  {TAG_KINDS.map((kind) => (
                    <td key={kind}>
                      <ProductTagBadge kind={kind} language={tagLanguage} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="swatches" note={t('Arrow keys move between colours.')}>
        <div className={styles.row}>
          {swatchProduct ? <SwatchSample colours={swatchProduct.colours} label={swatchProduct.title} /> : null}
          <SwatchSample
            colours={[
              { label: 'Two-tone', hex: ['#0e1116', '#4db5ff'] },
              { label: 'White', hex: ['#ffffff'] },
            ]}
            label={t('Two-tone and light swatches')}
          />
        </div>
      </Section>

      <Section id="sizes" note={t('XS is sold out: still selectable, marked.')}>
        <SizeSample />
      </Section>

      <Section id="product-card">
        <ul className={styles.cards}>
          {products.map((product) => (
            <li key={product.uid}>
              <ProductCard product={product} currency={currency} language={language} />
            </li>
          ))}
          <li>
            <ProductCardSkeleton />
            <p className={styles.caption}>{t('Skeleton, while a grid loads')}</p>
          </li>
        </ul>
      </Section>

      <Section id="product-slider">
        <ProductListSection
          products={products}
          currency={currency}
          language={language}
          heading={t('Related products')}
        />
      </Section>

      <Section id="add-ons" note={t('The second product is shown as already in the cart.')}>
        <AddOnProducts
          heading={t('Complete the setup')}
          products={products}
          currency={currency}
          inCart={new Set(products.slice(1, 2).map((product) => product.uid))}
        />
      </Section>

      <Section id="banners" note={banners.length === 0 ? contentMissing : undefined}>
        <div className={styles.stack}>
          {banners.map((banner) => (
            <figure key={banner.uid} className={styles.figure}>
              <Banner banner={banner} />
              <figcaption className={styles.caption}>
                {t(BACKGROUND_LABELS[banner.background?.kind ?? 'none'])} · <code>{banner.uid}</code>
              </figcaption>
            </figure>
          ))}
        </div>
      </Section>

      <Section
        id="hotspots"
        note={
          hotspotImages.length === 0
            ? contentMissing
            : t('Markers open a popup; Escape or a click elsewhere closes it.')
        }
      >
        {hotspotImages.map((module) => (
          <HotspotImage key={module.image.amplienceId} image={module.image} hotspots={module.hotspots} />
        ))}
      </Section>

      <Section id="rich-text">
        <div className={styles.column}>
          <RichText html={richText} />
        </div>
      </Section>

      <Section id="page-modules" note={t('A banner, a product slider and rich text, composed as on a landing page.')}>
        <PageModules modules={pageModules} currency={currency} language={language} />
      </Section>

      <Section id="error-page">
        <div className={styles.frame}>
          <ErrorPage error={NOT_FOUND} />
        </div>
      </Section>
    </>
  );
}

import { ProductListSection } from '../catalogue/product-grid';
import type { CurrencyFormatView } from '../../lib/money';
import { Banner } from './banner';
import { HotspotImage } from './hotspot-image';
import type { PageModuleView } from './page-module-view';
import { RichText } from './rich-text';
import styles from './page-modules.module.css';

interface PageModulesProps {
  modules: PageModuleView[];
  currency: CurrencyFormatView | null;
  language: string;
}

/**
 * The modular blocks of a home or landing page, in the editor's order. Banners and hotspot
 * images run the full width of the page; product sliders and rich text keep to its column. The
 * first block, when it is an image, is the page's largest paint and loads eagerly.
 */
export function PageModules({ modules, currency, language }: PageModulesProps) {
  return (
    <div className={styles.modules}>
      {modules.map((module, index) => {
        const priority = index === 0;
        switch (module.type) {
          case 'banner':
            return <Banner key={index} banner={module.banner} priority={priority} />;
          case 'hotspot-image':
            return <HotspotImage key={index} image={module.image} hotspots={module.hotspots} priority={priority} />;
          case 'product-slider':
            // An empty list shows nothing at all (spec §4 'Related list'), not even its column.
            if (module.products.length === 0) return null;
            return (
              <div key={index} className={styles.column}>
                <ProductListSection
                  products={module.products}
                  currency={currency}
                  language={language}
                  heading={module.heading}
                />
              </div>
            );
          case 'rich-text':
            return (
              <div key={index} className={styles.column}>
                <RichText html={module.html} lang={module.lang} className={styles.richText} />
              </div>
            );
        }
      })}
    </div>
  );
}

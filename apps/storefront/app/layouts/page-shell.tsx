import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { CountrySuggestionBanner } from '../features/country-suggestion/country-suggestion-banner';
import { ConsentBanner } from '../features/tracking/consent-banner';
import { ConsentSettingsProvider } from '../features/tracking/consent-settings';
import { ContentViewTracker } from '../features/tracking/content-view-tracker';
import { useDisplayText } from '../lib/display-text';
import type { PageLayoutName } from '../lib/page-layout';
import styles from './page-shell.module.css';

/**
 * The two page layouts of spec §2. `default` gives the page a padded content column;
 * `flush-banner` lets the first block (a banner) sit flush under the header.
 */
export function PageShell({ layout, children }: { layout: PageLayoutName; children: ReactNode }) {
  const t = useDisplayText();
  return (
    <ConsentSettingsProvider>
      <div className={styles.shell} data-layout={layout}>
        <a href="#main" className={styles.skipLink}>
          {t('Skip to content')}
        </a>
        {/* Early in the source, shown at the bottom (docs/analytics.md 'Consent': consent before tracking). */}
        <ConsentBanner />
        <ContentViewTracker />
        <CountrySuggestionBanner />
        <SiteHeader />
        <main id="main" className={layout === 'flush-banner' ? styles.flushMain : styles.defaultMain}>
          {children}
        </main>
        <SiteFooter />
      </div>
    </ConsentSettingsProvider>
  );
}

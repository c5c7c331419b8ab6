import { useId } from 'react';
import { ContentHrefLink } from '../features/content/content-href-link';
import { EmailSignupForm } from '../features/site-chrome/email-signup-form';
import type { BrandView, ChromeLink } from '../features/site-chrome/site-chrome-view';
import { useSiteChrome } from '../features/site-chrome/use-site-chrome';
import { CookieSettingsLink } from '../features/tracking/consent-banner';
import { BRAND_TITLE } from '../lib/brand';
import { countryName } from '../lib/country-name';
import { useDisplayText } from '../lib/display-text';
import { useLocaleState } from '../lib/locale';
import { useCountryPickerPath } from '../features/country-picker/use-country-picker-path';
import { LocaleLink } from '../components/locale-link';
import styles from './site-footer.module.css';

/**
 * The site footer: the region's newsletter signup, the header's categories and secondary links,
 * and the brand's contact, opening hours and social profiles (spec §3 'Brand settings', 'Email
 * signup settings'). Columns without content are left out; the country link always shows.
 */
export function SiteFooter() {
  const chrome = useSiteChrome();
  const t = useDisplayText();
  const { country, language } = useLocaleState();
  const countryPickerPath = useCountryPickerPath();
  const brand = chrome?.brand ?? null;
  const shopLinks = chrome?.mainNav.filter((item) => item.isCategory).map((item) => item.link) ?? [];
  return (
    <footer className={styles.footer}>
      {chrome?.emailSignup ? <EmailSignupForm signup={chrome.emailSignup} /> : null}
      <div className={styles.columns}>
        <LinkColumn heading={t('Shop')} links={shopLinks} />
        <LinkColumn heading={t('Help')} links={chrome?.secondaryNav ?? []} />
        {brand ? <ContactColumn brand={brand} /> : null}
        {brand && brand.social.length > 0 ? <LinkColumn heading={t('Follow us')} links={brand.social} /> : null}
      </div>
      <div className={styles.bottom}>
        <LocaleLink to={countryPickerPath} className={styles.locale}>
          {countryName(country, language)} ({language.toUpperCase()}) — {t('Change')}
        </LocaleLink>
        <CookieSettingsLink />
        <p>
          © {new Date().getFullYear()} {brand?.displayName ?? BRAND_TITLE}. {t('Gear for the whole mountain')}.
        </p>
      </div>
    </footer>
  );
}

function LinkColumn({ heading, links }: { heading: string; links: ChromeLink[] }) {
  const headingId = useId();
  if (links.length === 0) return null;
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <ul>
        {links.map((link) => (
          <li key={`${link.href}|${link.label}`}>
            <ContentHrefLink link={link}>{link.label}</ContentHrefLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ContactColumn({ brand }: { brand: BrandView }) {
  const t = useDisplayText();
  const headingId = useId();
  const { phone, email, address, hours } = brand.contact;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('Contact us')}
      </h2>
      <address className={styles.contact}>
        {phone ? (
          <p>
            <span className={styles.term}>{t('Phone')}</span> <a href={phone.href}>{phone.label}</a>
          </p>
        ) : null}
        {email ? (
          <p>
            <span className={styles.term}>{t('Email')}</span> <a href={`mailto:${email}`}>{email}</a>
          </p>
        ) : null}
        {address.length > 0 ? (
          <p>
            {address.map((line, position) => (
              <span key={position} className={styles.line}>
                {line}
              </span>
            ))}
          </p>
        ) : null}
      </address>
      {hours.length > 0 ? (
        <>
          <h3 className={styles.subheading}>{t('Opening hours')}</h3>
          <dl className={styles.hours}>
            {hours.map((entry) => (
              <div key={entry.days}>
                <dt>{entry.days}</dt>
                <dd>
                  {entry.opens}–{entry.closes}
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}

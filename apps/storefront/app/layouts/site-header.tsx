import { AccountMenu } from '../features/site-chrome/account-menu';
import { AlertBar } from '../features/site-chrome/alert-bar';
import { HeaderSearch } from '../features/search/header-search';
import { MainNavigation } from '../features/site-chrome/main-navigation';
import { MobileMenu } from '../features/site-chrome/mobile-menu';
import { useSiteChrome } from '../features/site-chrome/use-site-chrome';
import { useShopper } from '../features/site-chrome/shopper-state';
import { BRAND_TITLE } from '../lib/brand';
import { countryName } from '../lib/country-name';
import { useDisplayText } from '../lib/display-text';
import { useLocaleState } from '../lib/locale';
import { useCountryPickerPath } from '../features/country-picker/use-country-picker-path';
import { LocaleLink } from '../components/locale-link';
import icons from '../components/header-icon.module.css';
import styles from './site-header.module.css';

/**
 * The site header from content (spec §3 'Header content'): the region's alerts, main navigation
 * with mega menus and secondary navigation. The secondary links live in the mobile menu and the
 * footer's Help column: beside the main navigation and the actions they need some 1,650–1,750 px,
 * more than the bar's 1,440. When content failed or has nothing for the region (spec §8:
 * "Navigation stays empty") the logo, search, account, cart and country still work.
 */
export function SiteHeader() {
  const chrome = useSiteChrome();
  const t = useDisplayText();
  const { country, language } = useLocaleState();
  const countryPickerPath = useCountryPickerPath();
  const brandName = chrome?.brand?.displayName ?? BRAND_TITLE;
  const mainNav = chrome?.mainNav ?? [];
  const secondaryNav = chrome?.secondaryNav ?? [];
  // The mini-cart: how many items (quantities) the shopper's cart holds; no count until it is known.
  const shopper = useShopper();
  const cartItems = shopper.cartItemCount;
  const cartLabel =
    cartItems === 0 ? t('Cart') : t('Cart, {count, plural, one {# item} other {# items}}', { count: cartItems });
  return (
    <>
      <AlertBar alerts={chrome?.alerts ?? []} />
      <header className={styles.header}>
        <div className={styles.bar}>
          {mainNav.length > 0 || secondaryNav.length > 0 ? (
            <MobileMenu mainNav={mainNav} secondaryNav={secondaryNav} />
          ) : null}
          <LocaleLink to="/" className={styles.logo} aria-label={t('Piste home')}>
            {brandName}
          </LocaleLink>
          <MainNavigation items={mainNav} />
          <div className={styles.actions}>
            <HeaderSearch />
            <AccountMenu customer={shopper.customer} known={shopper.known} />
            <LocaleLink to="/cart" aria-label={cartLabel} className={styles.cart}>
              <svg aria-hidden="true" viewBox="0 0 24 24" className={icons.icon}>
                <path d="M3 4h2l2.4 11h11.2L21 8H6.2" />
                <circle cx="9" cy="19.5" r="1.5" />
                <circle cx="17" cy="19.5" r="1.5" />
              </svg>
              {cartItems > 0 ? (
                <span className={styles.cartCount} aria-hidden="true">
                  {cartItems}
                </span>
              ) : null}
            </LocaleLink>
            <LocaleLink
              to={countryPickerPath}
              className={styles.localeSwitch}
              aria-label={`${t('Country and language')}: ${countryName(country, language)}, ${language}`}
            >
              {country.toUpperCase()}
              <span className={styles.localeLanguage}> · {language.toUpperCase()}</span>
            </LocaleLink>
          </div>
        </div>
      </header>
    </>
  );
}

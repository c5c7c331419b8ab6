import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { CONTENT_QUALITY } from '@piste/media';
import { Image } from '../../components/image';
import { useDisplayText } from '../../lib/display-text';
import { ContentHrefLink } from '../content/content-href-link';
import { RichText } from '../content/rich-text';
import type { MainNavItemView, MegaMenuBannerView } from './site-chrome-view';
import styles from './main-navigation.module.css';

/** The promotion's picture: a product shot in the seed's 3:4 banner format. */
const BANNER_SIZES = [{ width: 150, height: 200 }];

/**
 * The desktop main navigation (spec §3 'Header content'): each item is a link, and an item with
 * a mega menu has a disclosure button beside it. Menus open on hover (mouse only: a tap would
 * open and follow the link at once) and with the button. Escape closes a menu and returns focus
 * to its button; focus or the mouse leaving the item, a click outside or a followed link close it
 * too. Without JavaScript, CSS opens menus on hover and keyboard focus instead.
 */
export function MainNavigation({ items }: { items: MainNavItemView[] }) {
  const t = useDisplayText();
  const [openId, setOpenId] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (openId === null) return;
    const closeOutside = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [openId]);

  if (items.length === 0) return null;
  return (
    <nav ref={navRef} aria-label={t('Main')} className={styles.nav}>
      <ul className={styles.items}>
        {items.map((item) => (
          <NavItem
            key={item.id}
            item={item}
            open={openId === item.id}
            onOpenChange={(open) => setOpenId((current) => (open ? item.id : current === item.id ? null : current))}
          />
        ))}
      </ul>
    </nav>
  );
}

function NavItem({
  item,
  open,
  onOpenChange,
}: {
  item: MainNavItemView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hasMenu = item.columns.length > 0 || item.banner !== null;
  const linkId = `main-nav-${item.id}`;
  const panelId = `mega-menu-${item.id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== 'Escape' || !open) return;
    onOpenChange(false);
    buttonRef.current?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget)) onOpenChange(false);
  };
  // Client navigation keeps the header mounted: a followed link closes its menu.
  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a')) onOpenChange(false);
  };

  return (
    <li
      className={styles.item}
      data-open={open}
      onPointerEnter={(event) => hasMenu && event.pointerType === 'mouse' && onOpenChange(true)}
      onPointerLeave={(event) => hasMenu && event.pointerType === 'mouse' && onOpenChange(false)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <ContentHrefLink link={item.link} id={linkId} className={styles.topLink}>
        {item.link.label}
      </ContentHrefLink>
      {hasMenu ? (
        <>
          <button
            ref={buttonRef}
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={panelId}
            aria-labelledby={linkId}
            // A mouse over the item has already opened its menu: a click there confirms, not closes.
            onClick={(event) => onOpenChange((event.nativeEvent as PointerEvent).pointerType === 'mouse' || !open)}
          >
            <svg aria-hidden="true" viewBox="0 0 16 16">
              <path d="m4 6 4 4 4-4" />
            </svg>
          </button>
          <div id={panelId} className={styles.panel} hidden={!open} onClick={onPanelClick}>
            <div className={styles.panelContent}>
              {item.columns.map((column, position) => {
                const headingId = `${panelId}-${position}`;
                return (
                  <div key={headingId} className={styles.column}>
                    <p id={headingId} className={styles.columnHeading}>
                      {column.heading}
                    </p>
                    <ul aria-labelledby={headingId}>
                      {column.links.map((link) => (
                        <li key={`${link.href}|${link.label}`}>
                          <ContentHrefLink link={link}>{link.label}</ContentHrefLink>
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
              {item.banner ? <MenuBanner banner={item.banner} /> : null}
            </div>
          </div>
        </>
      ) : null}
    </li>
  );
}

function MenuBanner({ banner }: { banner: MegaMenuBannerView }) {
  return (
    <div className={styles.banner}>
      {banner.image ? (
        <Image
          filename={banner.image.id}
          set={banner.image.set}
          sizes={BANNER_SIZES}
          qlt={CONTENT_QUALITY}
          bg="#ffffff"
          alt={banner.image.alt}
          className={styles.bannerImage}
        />
      ) : null}
      <div className={styles.bannerCopy}>
        {banner.contentHtml ? (
          <RichText html={banner.contentHtml} className={styles.bannerText} />
        ) : (
          <p className={styles.bannerText}>{banner.title}</p>
        )}
        {banner.cta ? (
          <ContentHrefLink link={banner.cta} className={styles.bannerCta}>
            {banner.cta.label}
          </ContentHrefLink>
        ) : null}
      </div>
    </div>
  );
}

import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useDisplayText } from '../../lib/display-text';
import { ContentHrefLink } from '../content/content-href-link';
import type { ChromeLink, MainNavItemView } from './site-chrome-view';
import styles from './mobile-menu.module.css';

/**
 * The menu below 1024 px (spec §9 'Mobile is below 1024'). Built from <details> so it opens,
 * and its items and mega-menu columns unfold, without JavaScript and with the keyboard; script
 * only adds Escape and closes the menu once a link is followed.
 */
export function MobileMenu({ mainNav, secondaryNav }: { mainNav: MainNavItemView[]; secondaryNav: ChromeLink[] }) {
  const t = useDisplayText();
  const menuRef = useRef<HTMLDetailsElement>(null);

  const close = () => {
    if (menuRef.current) menuRef.current.open = false;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !menuRef.current?.open) return;
    close();
    menuRef.current.querySelector('summary')?.focus();
  };
  // Client navigation keeps the header mounted: following a link closes the menu.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a')) close();
  };

  return (
    <details ref={menuRef} className={styles.menu} onKeyDown={onKeyDown}>
      <summary className={styles.menuButton} aria-label={t('Menu')}>
        <span aria-hidden="true" className={styles.menuIcon} />
      </summary>
      <nav aria-label={t('Mobile')} className={styles.panel} onClick={onClick}>
        {mainNav.length > 0 ? (
          <ul className={styles.items}>
            {mainNav.map((item) => (
              <li key={item.id}>
                {item.columns.length === 0 ? (
                  <ContentHrefLink link={item.link} className={styles.row}>
                    {item.link.label}
                  </ContentHrefLink>
                ) : (
                  <details className={styles.group}>
                    <summary className={styles.row}>{item.link.label}</summary>
                    <ul className={styles.groupItems}>
                      <li>
                        <ContentHrefLink link={item.link} className={styles.showAll}>
                          {t('Show all {category}', { category: item.link.label })}
                        </ContentHrefLink>
                      </li>
                      {item.columns.map((column, position) => (
                        <li key={position}>
                          <details className={styles.column}>
                            <summary className={styles.columnHeading}>{column.heading}</summary>
                            <ul className={styles.links}>
                              {column.links.map((link) => (
                                <li key={`${link.href}|${link.label}`}>
                                  <ContentHrefLink link={link}>{link.label}</ContentHrefLink>
                                </li>
                              ))}
                            </ul>
                          </details>
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {secondaryNav.length > 0 ? (
          <ul className={styles.secondary}>
            {secondaryNav.map((link) => (
              <li key={`${link.href}|${link.label}`}>
                <ContentHrefLink link={link}>{link.label}</ContentHrefLink>
              </li>
            ))}
          </ul>
        ) : null}
      </nav>
    </details>
  );
}

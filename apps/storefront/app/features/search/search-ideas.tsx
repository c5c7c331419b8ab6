import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import { ContentHrefLink } from '../content/content-href-link';
import type { ChromeLink } from '../site-chrome/site-chrome-view';
import type { SearchIdeas as SearchIdeasData } from './search-page-view';
import styles from './search-ideas.module.css';

function LinkList({ heading, links }: { heading: string; links: ChromeLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={heading} className={styles.menu}>
      <h3 className={styles.heading}>{heading}</h3>
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

/** Where to go when a search has nothing to show yet: popular searches and the editors' search menus (spec §7 'search'). */
export function SearchIdeas({ ideas }: { ideas: SearchIdeasData }) {
  const t = useDisplayText();
  return (
    <div className={styles.ideas}>
      {ideas.popular.length > 0 ? (
        <section aria-labelledby="popular-searches" className={styles.popular}>
          <h2 id="popular-searches" className={styles.heading}>
            {t('Popular searches')}
          </h2>
          <ul className={styles.chips}>
            {ideas.popular.map((term) => (
              <li key={term}>
                <LocaleLink to={`/search?${new URLSearchParams({ q: term })}`} className={styles.chip}>
                  {term}
                </LocaleLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <LinkList heading={t('Shop')} links={ideas.shopLinks} />
      <LinkList heading={t('Explore')} links={ideas.exploreLinks} />
    </div>
  );
}

import { LocaleLink } from '../components/locale-link';
import { MAIN_NAVIGATION } from '../components/site-navigation';
import { BRAND_TITLE } from '../lib/brand';
import type { RouteHandle } from '../lib/page-layout';
import styles from './home.module.css';
import type { Route } from './+types/home';

export const handle: RouteHandle = { layout: 'flush-banner' };

export const meta: Route.MetaFunction = () => [
  { title: `${BRAND_TITLE} — snow and outdoor gear` },
  { name: 'description', content: 'Bindings, helmets, goggles and accessories for the whole mountain.' },
];

const CATEGORY_BLURBS: Record<string, string> = {
  '/c/bindings': 'Response you can feel, from park laps to backcountry lines.',
  '/c/helmets': 'Certified protection that disappears once you drop in.',
  '/c/goggles': 'Contrast lenses for flat light, bluebird days and everything between.',
  '/c/accessories': 'Gloves, packs and the small things that make a long day.',
};

export default function HomePage() {
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-heading">
        <svg
          className={styles.mountains}
          viewBox="0 0 1440 480"
          preserveAspectRatio="xMidYMax slice"
          aria-hidden="true"
        >
          <path
            d="M0 480 L0 330 L220 170 L360 270 L560 80 L760 300 L900 210 L1120 360 L1300 230 L1440 300 L1440 480Z"
            fill="#243447"
          />
          <path d="M0 480 L0 400 L300 260 L520 380 L760 240 L1010 400 L1240 300 L1440 380 L1440 480Z" fill="#30465c" />
          <path d="M560 80 L620 150 L590 140 L560 170 L530 140 L505 130Z" fill="#e8f1f8" />
        </svg>
        <div className={styles.heroCopy}>
          <p className={styles.eyebrow}>Winter collection</p>
          <h1 id="hero-heading" className={styles.heroHeading}>
            Gear for the whole mountain
          </h1>
          <p className={styles.heroLede}>Bindings, helmets, goggles and accessories, tested by our team riders.</p>
          <div className={styles.heroActions}>
            <LocaleLink to="/c/bindings" className="button-primary">
              Shop bindings
            </LocaleLink>
            <LocaleLink to="/team" className="button-secondary">
              Meet the team
            </LocaleLink>
          </div>
        </div>
      </section>
      <section className={styles.categories} aria-labelledby="categories-heading">
        <h2 id="categories-heading" className={styles.sectionHeading}>
          Shop by category
        </h2>
        <ul className={styles.categoryGrid}>
          {MAIN_NAVIGATION.map((category) => (
            <li key={category.path}>
              <LocaleLink to={category.path} className={styles.categoryCard}>
                <span className={styles.categoryName}>{category.label}</span>
                <span className={styles.categoryBlurb}>{CATEGORY_BLURBS[category.path]}</span>
              </LocaleLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

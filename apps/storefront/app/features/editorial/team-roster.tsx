import type { ImageSize } from '@piste/media';
import { Image } from '../../components/image';
import { useDisplayText } from '../../lib/display-text';
import type { CurrencyFormatView } from '../../lib/money';
import { ProductCard } from '../catalogue/product-card';
import { RichText } from '../content/rich-text';
import type { AthleteView } from './editorial-view';
import styles from './team-roster.module.css';

/** 3:4 like the portraits: two to a row on phones, three from 600 px, six from 1200 px. */
const PORTRAIT_SIZES: ImageSize[] = [
  { width: 180, height: 240, breakpoint: { max: 599 }, slot: 'calc(50vw - 1.5rem)' },
  { width: 360, height: 480, breakpoint: { max: 1199 }, slot: 'calc(33vw - 2rem)' },
  { width: 240, height: 320, breakpoint: { min: 1200 } },
];

interface TeamRosterProps {
  athletes: AthleteView[];
  currency: CurrencyFormatView | null;
  language: string;
}

/**
 * The team: a card per athlete (portrait, name, discipline, hometown, quote) that jumps to the
 * athlete's section below, with the bio and the gear they ride as product cards.
 */
export function TeamRoster({ athletes, currency, language }: TeamRosterProps) {
  const t = useDisplayText();
  if (athletes.length === 0) {
    return <p className={styles.empty}>{t('Our riders are out on the hill. Check back soon to meet the team.')}</p>;
  }
  return (
    <>
      <ul className={styles.roster}>
        {athletes.map((athlete, index) => (
          <li key={athlete.uid}>
            <a href={`#${athlete.anchor}`} className={styles.card}>
              {athlete.portrait ? (
                <Image
                  className={styles.portrait}
                  filename={athlete.portrait.amplience_id}
                  set={athlete.portrait.imageset === 'Yes'}
                  sizes={PORTRAIT_SIZES}
                  alt={athlete.portrait.alt_text ?? ''}
                  priority={index < 2}
                />
              ) : null}
              <span className={styles.name}>{athlete.name}</span>
              <span className={styles.facts}>{[athlete.discipline, athlete.hometown].filter(Boolean).join(' · ')}</span>
              {athlete.quote ? <q className={styles.quote}>{athlete.quote}</q> : null}
            </a>
          </li>
        ))}
      </ul>
      {athletes.map((athlete) => (
        <section
          key={athlete.uid}
          id={athlete.anchor}
          className={styles.athlete}
          aria-labelledby={`${athlete.anchor}-heading`}
        >
          <header className={styles.athleteHeader}>
            <h2 id={`${athlete.anchor}-heading`} className={styles.athleteName}>
              {athlete.name}
            </h2>
            <dl className={styles.athleteFacts}>
              {athlete.discipline ? (
                <div>
                  <dt>{t('Discipline')}</dt>
                  <dd>{athlete.discipline}</dd>
                </div>
              ) : null}
              {athlete.hometown ? (
                <div>
                  <dt>{t('Hometown')}</dt>
                  <dd>{athlete.hometown}</dd>
                </div>
              ) : null}
            </dl>
          </header>
          {athlete.bioHtml ? <RichText html={athlete.bioHtml} className={styles.bio} /> : null}
          {athlete.products.length > 0 ? (
            <>
              <h3 className={styles.gearHeading}>{t('Rides with')}</h3>
              <ul className={styles.gear}>
                {athlete.products.map((product) => (
                  <li key={product.uid}>
                    <ProductCard product={product} currency={currency} language={language} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ))}
    </>
  );
}

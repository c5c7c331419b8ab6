import { PageIntro } from '../components/page-intro';
import { pageTitle } from '../lib/brand';
import styles from './styletile.module.css';
import type { Route } from './+types/styletile';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Style tile') }];

const COLOURS = [
  ['Ink', '--color-ink'],
  ['Text', '--color-text'],
  ['Muted', '--color-muted'],
  ['Surface', '--color-surface'],
  ['Border', '--color-border'],
  ['Accent', '--color-accent'],
  ['Accent strong', '--color-accent-strong'],
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

/** The design tokens in one place, for designers and for checking a change at a glance. */
export default function StyletilePage() {
  return (
    <>
      <PageIntro eyebrow="Design system" title="Style tile">
        The colours, type scale and controls every Piste page is built from.
      </PageIntro>
      <section aria-labelledby="colours" className={styles.section}>
        <h2 id="colours">Colours</h2>
        <ul className={styles.swatches}>
          {COLOURS.map(([name, token]) => (
            <li key={token}>
              <span className={styles.swatch} style={{ background: `var(${token})` }} />
              <strong>{name}</strong>
              <code>{token}</code>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="type" className={styles.section}>
        <h2 id="type">Type scale</h2>
        {TYPE_SCALE.map(([name, token]) => (
          <p key={token} className={styles.typeSample} style={{ fontSize: `var(${token})` }}>
            {name} — Fresh tracks at first lift
          </p>
        ))}
      </section>
      <section aria-labelledby="controls" className={styles.section}>
        <h2 id="controls">Controls</h2>
        <div className={styles.controls}>
          <button type="button" className="button-primary">
            Add to cart
          </button>
          <button type="button" className="button-secondary">
            Find a store
          </button>
        </div>
      </section>
    </>
  );
}

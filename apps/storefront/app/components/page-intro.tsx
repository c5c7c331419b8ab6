import type { ReactNode } from 'react';
import styles from './page-intro.module.css';

/** A page's heading and lede: the first block of every default-layout page. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className={styles.intro}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h1 className={styles.title}>{title}</h1>
      {children ? <div className={styles.lede}>{children}</div> : null}
    </header>
  );
}

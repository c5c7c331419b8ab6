import { useState, type CSSProperties } from 'react';
import { useDisplayText } from '../../lib/display-text';
import { ContentHrefLink } from '../content/content-href-link';
import { RichText } from '../content/rich-text';
import type { AlertView } from './site-chrome-view';
import styles from './alert-bar.module.css';

function colorVariables(alert: AlertView | undefined): CSSProperties | undefined {
  if (!alert?.colors) return undefined;
  return { '--alert-background': alert.colors.background, '--alert-text': alert.colors.text } as CSSProperties;
}

/**
 * The region's top alerts (spec §3 'Header content'). With several, one shows at a time with
 * previous/next buttons; nothing moves on its own, so nobody has to chase or pause it (WCAG
 * 2.2.2). Without JavaScript the alerts stack, all readable, and the buttons stay hidden.
 */
export function AlertBar({ alerts }: { alerts: AlertView[] }) {
  const t = useDisplayText();
  const [index, setIndex] = useState(0);
  if (alerts.length === 0) return null;
  // The list changes with the locale while the bar stays mounted.
  const current = Math.min(index, alerts.length - 1);
  const several = alerts.length > 1;
  const show = (next: number) => setIndex((next + alerts.length) % alerts.length);
  return (
    <section className={styles.bar} aria-label={t('Announcements')} style={colorVariables(alerts[current])}>
      <div className={styles.alerts} aria-live={several ? 'polite' : undefined}>
        {alerts.map((alert, position) => (
          <div
            key={alert.id}
            className={styles.alert}
            data-current={position === current}
            style={colorVariables(alert)}
          >
            <RichText html={alert.messageHtml} className={styles.message} />
            {alert.link ? (
              <ContentHrefLink link={alert.link} className={styles.link}>
                {alert.link.label}
              </ContentHrefLink>
            ) : null}
          </div>
        ))}
      </div>
      {several ? (
        <div className={styles.controls}>
          <button type="button" className={styles.step} aria-label={t('Previous')} onClick={() => show(current - 1)}>
            <svg aria-hidden="true" viewBox="0 0 16 16">
              <path d="M10 3 5 8l5 5" />
            </svg>
          </button>
          <span className={styles.count}>
            {current + 1} / {alerts.length}
          </span>
          <button type="button" className={styles.step} aria-label={t('Next')} onClick={() => show(current + 1)}>
            <svg aria-hidden="true" viewBox="0 0 16 16">
              <path d="m6 3 5 5-5 5" />
            </svg>
          </button>
        </div>
      ) : null}
    </section>
  );
}

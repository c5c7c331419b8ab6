import { Image } from '../../components/image';
import { useDisplayText } from '../../lib/display-text';
import { ContentHrefLink } from './content-href-link';
import type { HotspotView } from './hotspot-view';
import styles from './hotspot-image.module.css';

/** Spec §3 'Hotspot': picture, title, price, description and the call to action. */
export function HotspotPopupContent({ hotspot, titleId }: { hotspot: HotspotView; titleId: string }) {
  const t = useDisplayText();
  return (
    <div className={styles.content}>
      {hotspot.imageId ? (
        <Image
          filename={hotspot.imageId}
          sizes={[{ width: 96, height: 96 }]}
          bg="#ffffff"
          alt=""
          className={styles.thumb}
        />
      ) : null}
      <div className={styles.body}>
        <p id={titleId} className={styles.title}>
          {hotspot.title}
        </p>
        {hotspot.priceText ? (
          <p className={styles.price}>
            {hotspot.priceText}
            {hotspot.priceLabel ? <span className={styles.priceLabel}> {t(hotspot.priceLabel)}</span> : null}
          </p>
        ) : null}
        {hotspot.description ? <p className={styles.description}>{hotspot.description}</p> : null}
        {hotspot.cta ? (
          <ContentHrefLink link={hotspot.cta.link} className={`button-primary ${styles.cta}`}>
            {hotspot.cta.label}
          </ContentHrefLink>
        ) : null}
      </div>
    </div>
  );
}

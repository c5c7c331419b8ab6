import { useState, type MouseEvent, type PointerEvent } from 'react';
import { TOUCH_GESTURES } from '../../lib/breakpoints';
import { Image } from '../../components/image';
import { useDisplayText } from '../../lib/display-text';
import styles from './product-gallery.module.css';

const MAIN_SIZES = [
  { width: 390, height: 520, breakpoint: { max: 767 } },
  { width: 600, height: 800 },
];
const THUMB_SIZES = [{ width: 72, height: 96 }];
/** Spec §9 'Slider defaults': zoom ratio 1 to 3; a click toggles 1 ↔ 2.5. */
const ZOOM = 2.5;

interface ProductGalleryProps {
  title: string;
  colour: string;
  images: string[];
}

/** The selected colour's images: one large (the page's LCP image), thumbnails, swipe and zoom. */
export function ProductGallery({ title, colour, images }: ProductGalleryProps) {
  const t = useDisplayText();
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const [swipeStart, setSwipeStart] = useState<number | null>(null);
  const current = Math.min(index, Math.max(0, images.length - 1));
  const show = (next: number) => {
    setZoom(null);
    setIndex((next + images.length) % images.length);
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart === null || event.pointerType === 'mouse') return;
    const dx = event.clientX - swipeStart;
    setSwipeStart(null);
    if (Math.abs(dx) >= TOUCH_GESTURES.swipeTolerancePx) show(current + (dx < 0 ? 1 : -1));
  };
  const toggleZoom = (event: MouseEvent<HTMLButtonElement>) => {
    if (zoom) return setZoom(null);
    // A keyboard press (detail 0) has no pointer position: zoom into the centre.
    if (event.detail === 0) return setZoom({ x: 0.5, y: 0.5 });
    const box = event.currentTarget.getBoundingClientRect();
    setZoom({ x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height });
  };
  if (images.length === 0) return <div className={styles.empty}>{t('No image yet')}</div>;
  return (
    <div className={styles.gallery}>
      <button
        type="button"
        className={styles.main}
        aria-label={zoom ? t('Zoom out') : t('Zoom in')}
        onPointerDown={(event) => setSwipeStart(event.clientX)}
        onPointerUp={onPointerUp}
        onClick={toggleZoom}
        style={zoom ? { transform: `scale(${ZOOM})`, transformOrigin: `${zoom.x * 100}% ${zoom.y * 100}%` } : undefined}
      >
        <Image
          key={images[current]}
          filename={images[current]!}
          sizes={MAIN_SIZES}
          bg="#ffffff"
          alt={t('{product} in {colour}, view {number} of {total}', {
            product: title,
            colour,
            number: current + 1,
            total: images.length,
          })}
          priority={current === 0}
        />
      </button>
      {images.length > 1 ? (
        <div className={styles.thumbs} role="group" aria-label={t('Product views')}>
          {images.map((image, position) => (
            <button
              key={image}
              type="button"
              className={position === current ? styles.currentThumb : styles.thumb}
              aria-label={t('View {number}', { number: position + 1 })}
              aria-pressed={position === current}
              onClick={() => show(position)}
            >
              <Image filename={image} sizes={THUMB_SIZES} bg="#ffffff" alt="" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

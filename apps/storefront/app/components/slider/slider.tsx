import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import { SLIDER_DEFAULTS } from '../../lib/slider-config';
import { TOUCH_GESTURES } from '../../lib/breakpoints';
import { useDisplayText } from '../../lib/display-text';
import styles from './slider.module.css';

/**
 * Embla's `duration` is a physics setting (roughly 20–60), not milliseconds; 30 settles a
 * one-view scroll in about the spec's 500 ms (§9 'Slider defaults: speed 500 ms').
 */
const EMBLA_DURATION = 30;
/** Start the carousel a little before it scrolls into view, so it is ready when seen. */
const PRELOAD_MARGIN = '200px';

interface SliderProps {
  /** Names the carousel for assistive technology ('Related Products'). */
  label: string;
  slides: ReactNode[];
  /** Auto-advance delay; none for a slider the shopper drives alone. */
  autoplayDelayMs?: number;
  /** Sets the slide width per breakpoint (`--slide-size`) and any other look. */
  className?: string;
}

/**
 * A horizontal slider (spec §9 'Slider defaults': loop on, autoplay). The server renders the
 * slides as a clipped row, which is the slider's first view, so nothing shifts when it
 * starts. The carousel library loads only once the slider nears the viewport, keeping it out
 * of the page's first-load JavaScript; arrows and pagination appear once it is ready (spec §4
 * 'Product grid').
 */
export function Slider({ label, slides, autoplayDelayMs, className }: SliderProps) {
  const t = useDisplayText();
  const viewportRef = useRef<HTMLDivElement>(null);
  const [carousel, setCarousel] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    let started: EmblaCarouselType | undefined;
    let disposed = false;

    const start = async () => {
      const [{ default: EmblaCarousel }, { default: Autoplay }] = await Promise.all([
        import('embla-carousel'),
        import('embla-carousel-autoplay'),
      ]);
      if (disposed) return;
      const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      const plugins =
        autoplayDelayMs && !reducedMotion
          ? [
              Autoplay({
                delay: autoplayDelayMs,
                stopOnInteraction: false,
                stopOnMouseEnter: true,
                stopOnFocusIn: true,
              }),
            ]
          : [];
      const instance = EmblaCarousel(
        viewport,
        {
          loop: SLIDER_DEFAULTS.loop,
          align: 'start',
          duration: EMBLA_DURATION,
          // Spec §9 'Touch gestures': a finger that moved up to the tap tolerance tapped, not dragged.
          dragThreshold: TOUCH_GESTURES.tapTolerancePx,
        },
        plugins,
      );
      const sync = () => {
        setSelected(instance.selectedScrollSnap());
        setSnapCount(instance.scrollSnapList().length);
      };
      instance.on('select', sync).on('reInit', sync);
      sync();
      started = instance;
      setCarousel(instance);
    };

    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void start();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(viewport);
    return () => {
      disposed = true;
      observer.disconnect();
      started?.destroy();
    };
  }, [autoplayDelayMs]);

  const controls = carousel !== null && snapCount > 1;
  return (
    <div
      className={[styles.slider, className].filter(Boolean).join(' ')}
      role="group"
      aria-roledescription={t('carousel')}
      aria-label={label}
    >
      <div className={styles.viewport} ref={viewportRef}>
        <ul className={styles.track}>
          {slides.map((slide, index) => (
            <li
              key={index}
              className={styles.slide}
              aria-roledescription={t('slide')}
              aria-label={t('{number} of {total}', { number: index + 1, total: slides.length })}
            >
              {slide}
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.controls}>
        {controls ? (
          <>
            <button
              type="button"
              className={styles.arrow}
              aria-label={t('Previous slides')}
              onClick={() => carousel.scrollPrev()}
            >
              ‹
            </button>
            <div className={styles.pagination}>
              {Array.from({ length: snapCount }, (_, index) => (
                <button
                  key={index}
                  type="button"
                  className={styles.dot}
                  aria-label={t('Show slide group {number} of {total}', { number: index + 1, total: snapCount })}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => carousel.scrollTo(index)}
                />
              ))}
            </div>
            <button
              type="button"
              className={styles.arrow}
              aria-label={t('Next slides')}
              onClick={() => carousel.scrollNext()}
            >
              ›
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The slider's frame with stand-ins for slides that are still loading (spec §4 'Product grid':
 * "loading (skeletons), then loaded"): the same clipped row and the same reserved controls
 * row as Slider, so the loaded slider takes exactly its place.
 */
export function SliderPlaceholder({ slides, className }: Pick<SliderProps, 'slides' | 'className'>) {
  return (
    <div className={[styles.slider, className].filter(Boolean).join(' ')} aria-hidden="true">
      <div className={styles.viewport}>
        <ul className={styles.track}>
          {slides.map((slide, index) => (
            <li key={index} className={styles.slide}>
              {slide}
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.controls} />
    </div>
  );
}

import {
  Fragment,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { HOTSPOT_MARKER_OFFSET_PX, HOTSPOT_RESIZE_DEBOUNCE_MS } from '@piste/content';
import { bannerDescriptor } from '@piste/media';
import { Image, useMediaConfig } from '../../components/image';
import { useDisplayText } from '../../lib/display-text';
import { bannerFrameStyle, bannerImageSizes, DEFAULT_BANNER_ASPECT } from './banner-aspect';
import { ContentHrefLink } from './content-href-link';
import { focalPoint, layoutHotspots, type HotspotBox, type PlacedHotspot } from './hotspot-layout';
import { hotspotReducer, INITIAL_HOTSPOT_STATE } from './hotspot-state';
import type { HotspotImageView, HotspotView } from './hotspot-view';
import frame from './media-frame.module.css';
import styles from './hotspot-image.module.css';

interface HotspotImageProps {
  image: HotspotImageView;
  hotspots: HotspotView[];
  /** The page's first module: load the image eagerly (LCP). */
  priority?: boolean;
}

/**
 * An image with hotspots (spec §3, §4, §5 'Hotspot'): a marker per hotspot inside the visible
 * crop; clicking one opens its popup (plus becomes minus), clicking elsewhere, its Close button
 * or Escape closes it. Spec §4: "The active one opens a full takeover popup with a close
 * control", at every size: the popup covers the whole image, focus moves to its Close button
 * and comes back to the marker when it closes. On a wide image its card sits on the marker's
 * side (spec §5 'Hotspot popup position'); on a narrow one (spec §9: width up to 650 or height
 * up to 360) the card fills the image. The box is measured in the browser, so the server
 * renders the image alone and the markers appear once the layout is known; it is measured
 * again on resize, debounced 450 ms.
 */
export function HotspotImage({ image, hotspots, priority = false }: HotspotImageProps) {
  const t = useDisplayText();
  const media = useMediaConfig();
  const rootRef = useRef<HTMLDivElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const markerRefs = useRef(new Map<string, HTMLButtonElement>());
  const popupId = useId();
  const titleId = useId();
  const box = useMeasuredBox(rootRef);
  const [state, dispatch] = useReducer(hotspotReducer, INITIAL_HOTSPOT_STATE);

  const layout = box ? layoutHotspots(hotspots, image, box) : null;
  const active = layout?.placed.find((placed) => placed.hotspot.id === state.activeId) ?? null;
  const activeId = active?.hotspot.id ?? null;
  const narrow = layout?.narrow === true;

  // Spec §4: "Clicking elsewhere clears it." Markers toggle on their own click.
  useEffect(() => {
    if (activeId === null) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || popupRef.current?.contains(target)) return;
      for (const marker of markerRefs.current.values()) if (marker.contains(target)) return;
      dispatch({ type: 'clear' });
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [activeId]);

  // The takeover covers the markers: focus moves to its Close button.
  useEffect(() => {
    if (activeId !== null) closeRef.current?.focus();
  }, [activeId]);

  useEffect(() => {
    if (state.restoreFocusTo !== null) markerRefs.current.get(state.restoreFocusTo)?.focus();
  }, [state]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || state.activeId === null) return;
    event.stopPropagation();
    dispatch({ type: 'escape' });
  };

  const sizes = bannerImageSizes(image.aspect ?? DEFAULT_BANNER_ASPECT);
  const style = {
    ...bannerFrameStyle(sizes),
    '--marker-offset': `${HOTSPOT_MARKER_OFFSET_PX}px`,
  } as CSSProperties;
  return (
    <div ref={rootRef} className={`${frame.frame} ${styles.hotspotImage}`} style={style} onKeyDown={onKeyDown}>
      <Image
        {...bannerDescriptor(image.amplienceId, { ...media, sizes, poi: focalPoint(image.poi) })}
        alt={image.alt}
        priority={priority}
        className={frame.fill}
      />
      {layout?.placed.map((placed) => {
        const { hotspot } = placed;
        const open = hotspot.id === activeId;
        return (
          <Fragment key={hotspot.id}>
            <button
              ref={(node) => {
                if (node) markerRefs.current.set(hotspot.id, node);
                else markerRefs.current.delete(hotspot.id);
              }}
              type="button"
              className={styles.marker}
              style={pointStyle(placed)}
              aria-label={t(open ? 'Hide {name}' : 'Show {name}', { name: hotspot.title })}
              aria-expanded={open}
              aria-controls={open ? popupId : undefined}
              // Under the takeover the markers show through its veil but cannot be reached.
              inert={activeId !== null}
              onClick={() => dispatch({ type: 'toggle', id: hotspot.id })}
            >
              <span className={styles.icon} aria-hidden="true" />
            </button>
            {open ? (
              <div
                id={popupId}
                role="dialog"
                aria-labelledby={titleId}
                className={styles.takeover}
                data-narrow={narrow ? '' : undefined}
                data-horizontal={placed.popup.horizontal}
                data-vertical={placed.popup.vertical}
              >
                {/* A click on the veil around the card is a click elsewhere: it closes. */}
                <div ref={popupRef} className={styles.card}>
                  <button
                    ref={closeRef}
                    type="button"
                    className={styles.close}
                    onClick={() => dispatch({ type: 'escape' })}
                  >
                    {t('Close')}
                  </button>
                  <HotspotPopupContent hotspot={hotspot} titleId={titleId} />
                </div>
              </div>
            ) : null}
          </Fragment>
        );
      })}
    </div>
  );
}

function pointStyle({ position }: PlacedHotspot): CSSProperties {
  return { '--x': `${position.x * 100}%`, '--y': `${position.y * 100}%` } as CSSProperties;
}

/** Spec §3 'Hotspot': picture, title, price, description and the call to action. */
function HotspotPopupContent({ hotspot, titleId }: { hotspot: HotspotView; titleId: string }) {
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

/**
 * The element's size: first as soon as it is laid out, then again after resizes settle
 * (spec §4 "Resizing (debounced 450 ms) recomputes the layout"). Null until measured (and on
 * the server, which has no layout).
 */
function useMeasuredBox(ref: RefObject<HTMLElement | null>): HotspotBox | null {
  const [box, setBox] = useState<HotspotBox | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let measured = false;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setBox({ width, height });
    };
    const observer = new ResizeObserver(() => {
      if (!measured) {
        measured = true;
        measure();
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(measure, HOTSPOT_RESIZE_DEBOUNCE_MS);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [ref]);
  return box;
}

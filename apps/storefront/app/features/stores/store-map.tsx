import { useEffect, useRef, useState } from 'react';
import { useDisplayText } from '../../lib/display-text';
import type { LatLng } from './geo';
import { fitViewport, positionInViewport, TILE_SIZE, tileUrl, visibleTiles } from './map-view';
import { storeCardId } from './store-card';
import styles from './store-map.module.css';

export interface StoreMarker {
  uid: string;
  title: string;
  location: LatLng;
  /** The dealer's number in the list, shown on its card too. */
  number: number;
}

/** Keeps a marker's round button inside the map. */
const MARKER_RADIUS = 16;

function showCard(uid: string) {
  const card = document.getElementById(storeCardId(uid));
  if (!card) return;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  card.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'nearest' });
  card.focus({ preventScroll: true });
}

/**
 * The listed dealers on a map: a grid of `{z}/{x}/{y}` tiles from the configured tile server
 * (Web Mercator), zoomed to fit the dealers, with a numbered button per dealer that brings its
 * card into view. No map library: the map is a picture of where the dealers are, and the list
 * stays the way to use the page. It needs its own size, so it draws in the browser only.
 */
export function StoreMap({ tileTemplate, markers }: { tileTemplate: string; markers: StoreMarker[] }) {
  const t = useDisplayText();
  const mapRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const width = Math.round(entry.contentRect.width);
      const height = Math.round(entry.contentRect.height);
      setSize((current) => (current?.width === width && current.height === height ? current : { width, height }));
    });
    observer.observe(map);
    return () => observer.disconnect();
  }, []);

  const viewport =
    size && size.width > 0 && size.height > 0
      ? fitViewport(
          markers.map((marker) => marker.location),
          size.width,
          size.height,
          // Room for a marker at the edge, without wasting a phone-sized map on margins.
          { padding: Math.min(48, Math.round(Math.min(size.width, size.height) * 0.08)) },
        )
      : null;

  return (
    <div ref={mapRef} className={styles.map} role="region" aria-label={t('Map of stores')}>
      {viewport ? (
        <>
          <div className={styles.tiles} aria-hidden="true">
            {visibleTiles(viewport).map((tile) => (
              <img
                key={tile.key}
                src={tileUrl(tileTemplate, tile)}
                alt=""
                width={TILE_SIZE}
                height={TILE_SIZE}
                decoding="async"
                draggable={false}
                className={styles.tile}
                style={{ left: tile.left, top: tile.top }}
              />
            ))}
          </div>
          {markers.map((marker) => {
            const { x, y } = positionInViewport(marker.location, viewport);
            const inside =
              x >= MARKER_RADIUS &&
              y >= MARKER_RADIUS &&
              x <= viewport.width - MARKER_RADIUS &&
              y <= viewport.height - MARKER_RADIUS;
            if (!inside) return null;
            return (
              <button
                key={marker.uid}
                type="button"
                className={styles.marker}
                style={{ left: x, top: y }}
                aria-label={`${marker.number}. ${marker.title}`}
                title={marker.title}
                onClick={() => showCard(marker.uid)}
              >
                {marker.number}
              </button>
            );
          })}
        </>
      ) : null}
    </div>
  );
}

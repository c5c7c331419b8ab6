import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { buildImage, type MediaAssetDescriptor } from '@piste/media';
import styles from './image.module.css';
import { useMediaConfig } from './media-config';
import { useConnectionDpi } from './use-connection-dpi';

export type ImageProps = Omit<MediaAssetDescriptor, 'baseUrl' | 'alias' | 'dpi'> &
  Partial<Pick<MediaAssetDescriptor, 'baseUrl' | 'alias'>> & {
    alt: string;
    /** The page's largest (LCP) image: eager, fetchpriority high. Everything else loads lazily (spec §9). */
    priority?: boolean;
    className?: string;
    fit?: 'cover' | 'contain';
  };

/**
 * An image from the media service (spec §3 descriptor, §9 'Images'): reserves its box through
 * width/height and aspect-ratio (no layout shift), shows the blurred 15-px placeholder until the
 * image has loaded, and art-directs with `<picture>` when the sizes have different shapes.
 */
export function Image({ alt, priority = false, className, fit = 'cover', baseUrl, alias, ...descriptor }: ImageProps) {
  const media = useMediaConfig();
  const dpi = useConnectionDpi();
  const built = buildImage({ ...descriptor, baseUrl: baseUrl ?? media.baseUrl, alias: alias ?? media.alias, dpi });
  const imageRef = useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = useState(false);

  // An image that finished before hydration fires no load event React can see.
  useEffect(() => {
    if (imageRef.current?.complete) setLoaded(true);
  }, [built.src]);

  // Art-directed sources reserve their own box: the browser takes the chosen <source>'s width/height.
  const artDirected = built.sources.length > 0;
  const style = {
    aspectRatio: artDirected ? undefined : `${built.width} / ${built.height}`,
    '--image-fit': fit,
  } as CSSProperties;
  const image = (
    <img
      ref={imageRef}
      className={artDirected ? `${styles.image} ${styles.natural}` : styles.image}
      src={built.src}
      srcSet={built.srcSet}
      sizes={built.sizes}
      width={built.width}
      height={built.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      onLoad={() => setLoaded(true)}
    />
  );
  return (
    <span className={[styles.frame, loaded ? styles.loaded : '', className].filter(Boolean).join(' ')} style={style}>
      {/* Low priority and, off the LCP, lazy: never preloaded, never ahead of a real image. */}
      <img
        className={styles.placeholder}
        src={built.placeholder}
        alt=""
        aria-hidden="true"
        decoding="async"
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority="low"
      />
      {artDirected ? (
        <picture>
          {built.sources.map((source) => (
            <source
              key={source.media}
              media={source.media}
              srcSet={source.srcSet}
              sizes={source.sizes}
              width={source.width}
              height={source.height}
            />
          ))}
          {image}
        </picture>
      ) : (
        image
      )}
    </span>
  );
}

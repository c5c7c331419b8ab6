import { useId } from 'react';
import type { ContentHref } from '@piste/content';
import { BANNER_IMAGE_SET_AUTOPLAY_DELAY_MS } from '../../lib/slider-config';
import { bannerDescriptor, type ImageSize } from '@piste/media';
import { Image, useMediaConfig } from '../../components/image';
import { Slider } from '../../components/slider/slider';
import { bannerFrameStyle, bannerImageSizes } from './banner-aspect';
import { BannerIcon } from './banner-icon';
import { BannerVideo } from './banner-video';
import type { BannerBackgroundView, BannerCtaView, BannerView } from './banner-view';
import { ContentHrefLink } from './content-href-link';
import { RichText } from './rich-text';
import frame from './media-frame.module.css';
import styles from './banner.module.css';

interface BannerProps {
  banner: BannerView;
  /** The page's first banner is its largest image: load it eagerly (LCP). */
  priority?: boolean;
}

/**
 * A content banner (spec §3 'Banner', §5): an image, image set or video with rich-text copy
 * and buttons. From 769 px the copy sits over the media where content_layout puts it; on phones
 * it is stacked below the media, where it always reads.
 *
 * When the whole banner is the link (spec §5: one call to action, linking not disabled), its
 * one button is that link and stretches over the banner: the banner is a single link and a
 * single tab stop, and the carousel and video buttons above it stay real buttons (a link
 * wrapped around them could not contain them).
 */
export function Banner({ banner, priority = false }: BannerProps) {
  const textId = useId();
  const sizes = bannerImageSizes(banner.aspect);
  // Light copy on the overlay or on the plain band; dark copy on a light panel otherwise.
  const tone = banner.darkOverlay || banner.background === null ? 'dark' : 'light';
  return (
    <div
      className={styles.banner}
      data-vertical={banner.layout.vertical}
      data-horizontal={banner.layout.horizontal}
      data-tone={tone}
      data-wrap={banner.wrapCopy ? '' : undefined}
      data-slider={banner.background?.kind === 'image-set' && banner.background.slider ? '' : undefined}
    >
      {banner.background ? (
        <div className={`${frame.frame} ${styles.media}`} style={bannerFrameStyle(sizes)}>
          <BannerBackground background={banner.background} title={banner.title} sizes={sizes} priority={priority} />
          {banner.darkOverlay ? <span className={styles.overlay} /> : null}
        </div>
      ) : null}
      {banner.contentHtml !== '' || banner.ctas.length > 0 || banner.icon ? (
        <div className={styles.copy}>
          <div className={styles.copyInner}>
            {banner.icon ? <BannerIcon kind={banner.icon} /> : null}
            {banner.contentHtml !== '' ? (
              <RichText id={textId} html={banner.contentHtml} lang={banner.contentLang} className={styles.copyText} />
            ) : null}
            {banner.ctas.length > 0 ? (
              <BannerCtas
                ctas={banner.ctas}
                bannerLink={banner.link}
                describedBy={banner.contentHtml !== '' ? textId : undefined}
              />
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

interface BannerCtasProps {
  ctas: BannerCtaView[];
  bannerLink: ContentHref | null;
  /** The copy, read out after the stretched link's own name. */
  describedBy: string | undefined;
}

function BannerCtas({ ctas, bannerLink, describedBy }: BannerCtasProps) {
  return (
    <div className={styles.ctas}>
      {ctas.map((cta, index) => {
        const className = buttonClass(cta, index);
        // The banner's link is its one button's (spec §5); drawn as that button, stretched over the banner.
        const link = bannerLink ?? cta.link;
        if (!link) {
          // A button whose link is disabled still shows: spec §5 only asks for its text.
          return (
            <span key={index} className={className}>
              {cta.label}
            </span>
          );
        }
        return (
          <ContentHrefLink
            key={index}
            link={link}
            className={bannerLink ? `${className} ${styles.stretched}` : className}
            aria-describedby={bannerLink ? describedBy : undefined}
          >
            {cta.label}
          </ContentHrefLink>
        );
      })}
    </div>
  );
}

/** button_class may name the style; otherwise the first button is primary and the rest secondary. */
function buttonClass(cta: BannerCtaView, index: number): string {
  const named = cta.className?.toLowerCase() ?? '';
  if (named.includes('secondary')) return 'button-secondary';
  if (named.includes('primary')) return 'button-primary';
  return index === 0 ? 'button-primary' : 'button-secondary';
}

interface BannerBackgroundProps {
  background: BannerBackgroundView;
  title: string;
  sizes: ImageSize[];
  priority: boolean;
}

function BannerBackground({ background, title, sizes, priority }: BannerBackgroundProps) {
  switch (background.kind) {
    case 'image':
      return (
        <BannerImage
          id={background.amplienceId}
          set={background.set}
          alt={background.alt}
          sizes={sizes}
          priority={priority}
        />
      );
    case 'image-set': {
      const [first] = background.images;
      if (!background.slider) {
        return first ? <BannerImage id={first.amplienceId} alt={first.alt} sizes={sizes} priority={priority} /> : null;
      }
      // Spec §9 'Slider defaults': banner image sets autoplay every 7000 ms.
      return (
        <Slider
          label={title}
          className={styles.slides}
          autoplayDelayMs={BANNER_IMAGE_SET_AUTOPLAY_DELAY_MS}
          slides={background.images.map((image, index) => (
            <div className={frame.layer}>
              <BannerImage id={image.amplienceId} alt={image.alt} sizes={sizes} priority={priority && index === 0} />
            </div>
          ))}
        />
      );
    }
    case 'video':
      return (
        <BannerVideo
          videoId={background.videoId}
          poster={<BannerImage id={background.posterId} alt={background.alt} sizes={sizes} priority={priority} />}
        />
      );
  }
}

interface BannerImageProps {
  id: string;
  alt: string;
  sizes: ImageSize[];
  priority: boolean;
  set?: boolean;
}

/** Spec §9 banner renditions, cropped around the centre at content quality (bannerDescriptor). */
function BannerImage({ id, alt, sizes, priority, set = false }: BannerImageProps) {
  const media = useMediaConfig();
  return (
    <Image {...bannerDescriptor(id, { ...media, sizes, set })} alt={alt} priority={priority} className={frame.fill} />
  );
}

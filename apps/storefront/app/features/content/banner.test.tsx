import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import type { BannerCta, BannerEntry } from '@piste/content';
import { Banner } from './banner';
import { toBannerView, type ImageSetMembers } from './banner-view';
import { bannerEntry } from '../../../test/content-fixtures';

/** The server's markup: what every visitor gets before hydration, and all these rules decide. */
function render(entry: BannerEntry, members: ImageSetMembers = () => []): string {
  const view = toBannerView(entry, 'en-us', members, (html) => html);
  // A data router with the root's (empty) display texts, as the banner's labels read them.
  const Stub = createRoutesStub([
    { id: 'root', path: '/', Component: () => <Banner banner={view} priority />, HydrateFallback: () => null },
  ]);
  return renderToString(<Stub hydrationData={{ loaderData: { root: {} } }} />);
}

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, 'g'))?.length ?? 0;

const toPage = (text: string, extra: Partial<BannerCta> = {}): BannerCta => ({
  button_text: text,
  type: 'page',
  internal_link: { title: text, type: 'internal', content_type: 'product_category', href: 'bindings' },
  ...extra,
});

describe('Banner links (spec §5)', () => {
  it('is one link when it has one button: that button, not a link around links', () => {
    const html = render(bannerEntry({ cta_button_global: [toPage('Shop bindings')] }));
    expect(count(html, /<a /)).toBe(1);
    expect(html).toMatch(
      /<a class="button-primary [^"]*stretched[^"]*"[^>]*href="\/en-us\/c\/bindings"[^>]*>Shop bindings<\/a>/,
    );
  });

  it('has a link per button with several buttons, none stretched over the banner', () => {
    const html = render(
      bannerEntry({
        cta_button_global: [
          toPage('Bindings'),
          {
            button_text: 'Avalanche report',
            type: 'external',
            external_link: { title: 'Report', href: 'https://avalanche.example.org' },
            new_tab: true,
          },
        ],
      }),
    );
    expect(count(html, /<a /)).toBe(2);
    expect(html).not.toMatch(/stretched/);
    expect(html).toContain('<a class="button-primary" href="/en-us/c/bindings"');
    expect(html).toContain(
      '<a href="https://avalanche.example.org" target="_blank" rel="noopener noreferrer" class="button-secondary">',
    );
  });

  it('shows a button whose link is disabled as a label, and no button without text', () => {
    const html = render(
      bannerEntry({ cta_button_global: [toPage('Coming soon', { disable_link: true }), toPage(' ')] }),
    );
    expect(count(html, /<a /)).toBe(0);
    expect(html).toContain('<span class="button-primary">Coming soon</span>');
  });
});

describe('Banner backgrounds', () => {
  const withBackground = (background: Partial<BannerEntry['background']>, extra: Partial<BannerEntry> = {}) => {
    const entry = bannerEntry(extra);
    entry.background = { ...entry.background, ...background };
    return entry;
  };

  it('draws an image at the spec §9 banner sizes, eagerly for the first banner', () => {
    const html = render(withBackground({}));
    expect(html).toContain('media="(max-width: 480px)"');
    expect(html).toContain('media="(max-width: 768px)"');
    expect(html).toMatch(/banner-dawn\?w=1440&amp;h=480/);
    expect(html).toContain('alt="Dawn over the ridge" loading="eager" fetchPriority="high"');
  });

  it('slides an image set only when spec §5 allows it', () => {
    const members = () => ['banner-dawn', 'banner-dusk'];
    const sliding = render(withBackground({ imageset: 'Yes', amplience_id: 'winter' }), members);
    const still = render(
      withBackground({ imageset: 'Yes', amplience_id: 'winter' }, { disable_slider: true }),
      members,
    );
    expect(sliding).toContain('aria-roledescription="carousel"');
    expect(count(sliding, /<img class="[^"]*image/)).toBe(2);
    expect(still).not.toContain('carousel');
    expect(count(still, /<img class="[^"]*image/)).toBe(1);
    expect(still).toMatch(/banner-dawn\?w=1440/);
  });

  it('plays a video muted, looping and inline from the 720p mp4, never autoplaying from the server', () => {
    const html = render(withBackground({ type: 'Video', amplience_id: 'video-snowfall' }));
    // Spec §7 'Media service': the poster frame at 15x15 jpg shows until the video plays.
    expect(html).toMatch(
      /<video [^>]*muted="" loop="" playsInline="" preload="none" poster="\/media\/i\/piste\/video-snowfall\?w=15&amp;h=15&amp;fmt=jpg" aria-hidden="true">/,
    );
    expect(html).not.toMatch(/autoplay/i);
    expect(html).toContain('<source src="/media/v/piste/video-snowfall/mp4_720p" type="video/mp4"/>');
    expect(html).toMatch(/video-snowfall\?w=1440&amp;h=480[^"]*"[^>]*alt="Dawn over the ridge"/);
    expect(html).toContain('aria-label="Play background video"');
  });
});

import type { BannerEntry, HotspotData } from '@piste/content';

/** A published en-us banner with one image and no buttons; tests override what they look at. */
export function bannerEntry(extra: Partial<BannerEntry> = {}): BannerEntry {
  return {
    uid: 'winter-hero',
    locale: 'en-us',
    title: 'Winter hero',
    tags: [],
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    _version: 1,
    publish_details: { environment: 'production', locale: 'en-us', time: '2025-01-01T00:00:00.000Z' },
    regions: ['us'],
    content: '<h2>Gear for the whole mountain</h2>',
    dark_overlay_on_banner_image: false,
    disable_link: false,
    content_layout: 'bottom-left',
    wrap_copy: false,
    background: { type: 'Image', imageset: 'No', amplience_id: 'banner-dawn', alt_text: 'Dawn over the ridge' },
    cta_button_global: [],
    ...extra,
  };
}

export function hotspot(extra: Partial<HotspotData> = {}): HotspotData {
  return { id: 'h1', dataType: { value: 'product' }, title: 'Summit binding', points: { x: 0.5, y: 0.5 }, ...extra };
}

/**
 * Spec §9 'Related products and grids': "Slider defaults: speed 500 ms, loop on,
 * autoplay delay 3000 ms (banner image sets 7000 ms), zoom ratio 1 to 3. Slider
 * destroy delay is 1000 ms in a product modal." Named as slider libraries
 * (Swiper) name their options, so the object can be spread into one.
 */
export const SLIDER_DEFAULTS = Object.freeze({
  speed: 500,
  loop: true,
  autoplay: Object.freeze({ delay: 3000 }),
  zoom: Object.freeze({ minRatio: 1, maxRatio: 3 }),
});

/** Spec §9: "(banner image sets 7000 ms)". */
export const BANNER_IMAGE_SET_AUTOPLAY_DELAY_MS = 7000;

/** The autoplay delay of a slider: banner image sets linger longer than other sliders. */
export function autoplayDelayMs({ bannerImageSet = false }: { bannerImageSet?: boolean } = {}): number {
  return bannerImageSet ? BANNER_IMAGE_SET_AUTOPLAY_DELAY_MS : SLIDER_DEFAULTS.autoplay.delay;
}

/** Spec §9: "Grid skeleton shows 6 items (4 in a slider)." */
export const GRID_SKELETON_COUNT = 6;
export const SLIDER_SKELETON_COUNT = 4;

/** How many 'Loading' placeholders a product list shows before it has loaded (spec §2, §4 'Product grid'). */
export function skeletonCount({ inSlider = false }: { inSlider?: boolean } = {}): number {
  return inSlider ? SLIDER_SKELETON_COUNT : GRID_SKELETON_COUNT;
}

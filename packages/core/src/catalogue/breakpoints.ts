/** Spec §9 'Breakpoints (px)': "xxxs 0, xxs 480, xs 600, sm 769, md 900, lg 1024, xl 1200, xxl 1440" (minimum widths). */
export const BREAKPOINTS = {
  xxxs: 0,
  xxs: 480,
  xs: 600,
  sm: 769,
  md: 900,
  lg: 1024,
  xl: 1200,
  xxl: 1440,
} as const;
export type BreakpointName = keyof typeof BREAKPOINTS;

/** Breakpoint names from narrowest to widest. */
export const BREAKPOINT_NAMES = Object.keys(BREAKPOINTS) as BreakpointName[];

/** Spec §9: "The default breakpoint is lg, or xl when the media-query plugin is installed." */
export const DEFAULT_BREAKPOINT: BreakpointName = 'lg';
export const DEFAULT_BREAKPOINT_WITH_MEDIA_QUERY_PLUGIN: BreakpointName = 'xl';

/** The widest breakpoint whose minimum width is at most `width`; a negative or NaN width counts as 0. */
export function breakpointFor(width: number): BreakpointName {
  let match: BreakpointName = 'xxxs';
  for (const name of BREAKPOINT_NAMES) if (width >= BREAKPOINTS[name]) match = name;
  return match;
}

/** Spec §9: "Mobile is below 1024." */
export function isMobile(width: number): boolean {
  return width < 1024;
}

/** Spec §9: "Phone is 768 or less." */
export function isPhone(width: number): boolean {
  return width <= 768;
}

/**
 * Spec §9: "Tablet is above 768 and up to 1024." Taken literally, so 1024 is a
 * tablet width but not a mobile one (mobile is below 1024).
 */
export function isTablet(width: number): boolean {
  return width > 768 && width <= 1024;
}

/**
 * Spec §9 'Touch gestures': "tap tolerance 10 px, swipe tolerance 30 px, hold 400 ms,
 * long tap 400 ms, drag and rollover frequency 100 ms, mouse events ignored within
 * 350 ms after touch."
 */
export const TOUCH_GESTURES = Object.freeze({
  tapTolerancePx: 10,
  swipeTolerancePx: 30,
  holdMs: 400,
  longTapMs: 400,
  dragFrequencyMs: 100,
  rolloverFrequencyMs: 100,
  ignoreMouseAfterTouchMs: 350,
});

export type Gesture = 'tap' | 'swipe-left' | 'swipe-right' | 'swipe-up' | 'swipe-down' | 'hold' | 'none';

export interface GestureInput {
  /** End x minus start x, in px (positive = finger moved right). */
  dx: number;
  /** End y minus start y, in px, screen coordinates (positive = finger moved down). */
  dy: number;
  /** Time from touch start to touch end. */
  durationMs: number;
}

/**
 * Classifies a finished touch from its overall movement and duration, using the
 * tolerances of TOUCH_GESTURES:
 * - Moved at most the tap tolerance (10 px) on both axes: 'tap', or 'hold' when
 *   pressed for the hold time (400 ms) or longer.
 * - Moved more than the swipe tolerance (30 px) along the dominant axis: a swipe
 *   in that direction (horizontal wins an exact tie, as sliders are horizontal).
 * - Anything between (moved, but not far enough to swipe), or non-finite or
 *   negative input: 'none'.
 */
export function classifyGesture({ dx, dy, durationMs }: GestureInput): Gesture {
  if (!Number.isFinite(dx) || !Number.isFinite(dy) || !Number.isFinite(durationMs) || durationMs < 0) return 'none';
  const absX = Math.abs(dx);
  const absY = Math.abs(dy);
  if (absX <= TOUCH_GESTURES.tapTolerancePx && absY <= TOUCH_GESTURES.tapTolerancePx) {
    return durationMs >= TOUCH_GESTURES.holdMs ? 'hold' : 'tap';
  }
  if (absX >= absY) {
    if (absX <= TOUCH_GESTURES.swipeTolerancePx) return 'none';
    return dx < 0 ? 'swipe-left' : 'swipe-right';
  }
  if (absY <= TOUCH_GESTURES.swipeTolerancePx) return 'none';
  return dy < 0 ? 'swipe-up' : 'swipe-down';
}

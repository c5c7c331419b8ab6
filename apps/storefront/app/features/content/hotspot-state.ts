/**
 * Which hotspot is open (spec §4 'Hotspot': "At most one is active. Clicking toggles it …
 * Clicking elsewhere clears it"), plus where keyboard focus goes back to after a close.
 */
export interface HotspotState {
  activeId: string | null;
  /** The marker to focus after the popup closed by Escape or its Close button, so focus is not lost. */
  restoreFocusTo: string | null;
}

export type HotspotAction =
  /** A marker was clicked: it opens (closing any other), or closes when it was the open one. */
  | { type: 'toggle'; id: string }
  /** A click outside the markers and the popup: nothing is open any more. */
  | { type: 'clear' }
  /** Escape or the takeover's Close button: closes and hands focus back to the marker. */
  | { type: 'escape' };

export const INITIAL_HOTSPOT_STATE: HotspotState = Object.freeze({ activeId: null, restoreFocusTo: null });

export function hotspotReducer(state: HotspotState, action: HotspotAction): HotspotState {
  switch (action.type) {
    case 'toggle':
      return { activeId: state.activeId === action.id ? null : action.id, restoreFocusTo: null };
    case 'clear':
      // Unchanged state keeps its identity, so React skips the render.
      return state.activeId === null ? state : { activeId: null, restoreFocusTo: null };
    case 'escape':
      return state.activeId === null ? state : { activeId: null, restoreFocusTo: state.activeId };
  }
}

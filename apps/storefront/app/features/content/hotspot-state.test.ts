import { describe, expect, it } from 'vitest';
import { hotspotReducer, INITIAL_HOTSPOT_STATE, type HotspotState } from './hotspot-state';

const open = (id: string): HotspotState => ({ activeId: id, restoreFocusTo: null });

describe('hotspotReducer (spec §4 "At most one is active")', () => {
  it('starts with nothing open', () => {
    expect(INITIAL_HOTSPOT_STATE).toEqual({ activeId: null, restoreFocusTo: null });
  });

  it('toggle opens a marker, and closes it when clicked again', () => {
    const opened = hotspotReducer(INITIAL_HOTSPOT_STATE, { type: 'toggle', id: 'a' });
    expect(opened).toEqual(open('a'));
    expect(hotspotReducer(opened, { type: 'toggle', id: 'a' })).toEqual(INITIAL_HOTSPOT_STATE);
  });

  it('toggle on another marker moves the one open popup there', () => {
    expect(hotspotReducer(open('a'), { type: 'toggle', id: 'b' })).toEqual(open('b'));
  });

  it('clear (a click elsewhere) closes without moving focus', () => {
    expect(hotspotReducer(open('a'), { type: 'clear' })).toEqual({ activeId: null, restoreFocusTo: null });
  });

  it('escape closes and hands focus back to the marker that was open', () => {
    expect(hotspotReducer(open('a'), { type: 'escape' })).toEqual({ activeId: null, restoreFocusTo: 'a' });
  });

  it('clear and escape with nothing open keep the same state, so nothing re-renders or refocuses', () => {
    const closed = hotspotReducer(open('a'), { type: 'escape' });
    expect(hotspotReducer(closed, { type: 'clear' })).toBe(closed);
    expect(hotspotReducer(closed, { type: 'escape' })).toBe(closed);
    expect(hotspotReducer(INITIAL_HOTSPOT_STATE, { type: 'clear' })).toBe(INITIAL_HOTSPOT_STATE);
  });

  it('a new toggle forgets the focus hand-back', () => {
    const closed = hotspotReducer(open('a'), { type: 'escape' });
    expect(hotspotReducer(closed, { type: 'toggle', id: 'b' })).toEqual(open('b'));
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SharePopupController, type PopupWindow, type ShareHost, type SharePopupEvent } from './share-popup';

class FakePopup implements PopupWindow {
  closed = false;
  focus = vi.fn();
  close = vi.fn(() => {
    this.closed = true;
  });
}

function fakeHost(blockPopups = false) {
  const opened: { url: string; target: string; features: string; popup: FakePopup }[] = [];
  const navigated: string[] = [];
  const host: ShareHost = {
    open: (url, target, features) => {
      if (blockPopups) return null;
      const popup = new FakePopup();
      opened.push({ url, target, features, popup });
      return popup;
    },
    navigate: (url) => navigated.push(url),
    frame: () => ({ left: 100, top: 50, width: 1440, height: 900 }),
  };
  return { host, opened, navigated };
}

const page = { url: 'https://piste.example/en-us/p/summit-helmet', title: 'Summit Helmet' };

describe('SharePopupController (spec §4 Share popup, §9 Sharing)', () => {
  let events: SharePopupEvent['type'][];
  beforeEach(() => {
    vi.useFakeTimers();
    events = [];
  });
  afterEach(() => vi.useRealTimers());

  function controller(host: ShareHost, options = {}) {
    const popups = new SharePopupController({ host, ...options });
    popups.on((event) => events.push(event.type));
    return popups;
  }

  it('opens the share page in a 626×436 popup centred on the window', () => {
    const { host, opened } = fakeHost();
    controller(host).share({ network: 'facebook', ...page });
    expect(opened).toHaveLength(1);
    expect(opened[0]!.url).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(page.url)}`);
    // (1440 - 626) / 2 + 100 = 507, (900 - 436) / 2 + 50 = 282
    expect(opened[0]!.features).toBe('popup=yes,width=626,height=436,left=507,top=282');
    expect(opened[0]!.popup.focus).toHaveBeenCalled();
    expect(events).toEqual(['open']);
  });

  it('takes another size when configured', () => {
    const { host, opened } = fakeHost();
    controller(host, { width: 800, height: 600 }).share({ network: 'linkedin', ...page });
    expect(opened[0]!.features).toBe('popup=yes,width=800,height=600,left=420,top=200');
  });

  it('detects the close by polling every 500 ms, then stops polling', () => {
    const { host, opened } = fakeHost();
    const popups = controller(host);
    popups.share({ network: 'twitter', ...page });
    opened[0]!.popup.closed = true;
    vi.advanceTimersByTime(499);
    expect(events).toEqual(['open']);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['open', 'close']);
    expect(popups.isOpen).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(events).toEqual(['open', 'close']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('closes the previous popup on a second share and reports a change, then watches the new one', () => {
    const { host, opened } = fakeHost();
    const popups = controller(host);
    popups.share({ network: 'facebook', ...page });
    popups.share({ network: 'reddit', ...page });
    expect(opened[0]!.popup.close).toHaveBeenCalled();
    // Each popup is a new window: a shared name would navigate the closing one instead.
    expect(opened.map((window) => window.target)).toEqual(['_blank', '_blank']);
    expect(events).toEqual(['open', 'change', 'open']);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(500);
    // The first popup's close was the change, not a close event.
    expect(events).toEqual(['open', 'change', 'open']);
    opened[1]!.popup.closed = true;
    vi.advanceTimersByTime(500);
    expect(events).toEqual(['open', 'change', 'open', 'close']);
  });

  it('hands mailto: and sms: to the device without a popup or events', () => {
    const { host, opened, navigated } = fakeHost();
    const popups = controller(host);
    popups.share({ network: 'email', ...page });
    popups.share({ network: 'sms', ...page });
    expect(opened).toHaveLength(0);
    expect(navigated).toEqual([
      `mailto:?subject=Summit%20Helmet&body=${encodeURIComponent(page.url)}`,
      `sms:?&body=${encodeURIComponent(`${page.title} ${page.url}`)}`,
    ]);
    expect(events).toEqual([]);
  });

  it('reports a blocked popup and reports no events', () => {
    const { host } = fakeHost(true);
    expect(controller(host).share({ network: 'facebook', ...page })).toBe(false);
    expect(events).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('throws before opening anything for an unknown network or a missing title (spec §8)', () => {
    const { host, opened } = fakeHost();
    const popups = controller(host);
    expect(() => popups.share({ network: 'myspace' as 'facebook', ...page })).toThrow(/Unknown share network/);
    expect(() => popups.share({ network: 'facebook', url: page.url, title: '' })).toThrow(/title is required/);
    expect(opened).toHaveLength(0);
  });

  it('stops polling when disposed, leaving the popup open for the shopper', () => {
    const { host, opened } = fakeHost();
    const popups = controller(host);
    popups.share({ network: 'telegram', ...page });
    popups.dispose();
    expect(vi.getTimerCount()).toBe(0);
    expect(opened[0]!.popup.close).not.toHaveBeenCalled();
  });
});

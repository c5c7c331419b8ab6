import { shareNetworkOpening, shareUrl, type ShareInput, type ShareNetworkName } from '../../lib/share-networks';

/** Spec §9 'Sharing': "Share popup default 626 by 436 px, poll interval 500 ms." */
export const SHARE_POPUP_SIZE = { width: 626, height: 436 } as const;
export const SHARE_POPUP_POLL_MS = 500;

export type SharePopupEventType = 'open' | 'change' | 'close';

export interface SharePopupEvent {
  type: SharePopupEventType;
  network: ShareNetworkName;
  /** The network's share page. */
  url: string;
}

/** What the controller needs of a popup window. */
export interface PopupWindow {
  readonly closed: boolean;
  close(): void;
  focus(): void;
}

/** What the controller needs of the page's window; the browser's `window` by default. */
export interface ShareHost {
  open(url: string, target: string, features: string): PopupWindow | null;
  /** Hands a mailto: or sms: link to the device's app. */
  navigate(url: string): void;
  /** The browser window's position and size, to centre the popup on it. */
  frame(): { left: number; top: number; width: number; height: number };
}

const browserHost: ShareHost = {
  open: (url, target, features) => window.open(url, target, features),
  navigate: (url) => window.location.assign(url),
  frame: () => ({
    left: window.screenLeft ?? window.screenX,
    top: window.screenTop ?? window.screenY,
    width: window.outerWidth || window.innerWidth,
    height: window.outerHeight || window.innerHeight,
  }),
};

export interface SharePopupOptions {
  width?: number;
  height?: number;
  pollIntervalMs?: number;
  host?: ShareHost;
}

/**
 * Spec §4 'Share popup': "opened on click. It reports open, change and close events. Close is
 * detected by polling every 500 ms. A second share closes the previous popup." A second share
 * while a popup is open reports `change` (for the network left) before the new `open`; mailto:
 * and sms: open the device's app and no popup, so they report nothing.
 */
export class SharePopupController {
  private readonly width: number;
  private readonly height: number;
  private readonly pollIntervalMs: number;
  private readonly host: ShareHost;
  private readonly listeners = new Set<(event: SharePopupEvent) => void>();
  private current: {
    popup: PopupWindow;
    network: ShareNetworkName;
    url: string;
    poll: ReturnType<typeof setInterval>;
  } | null = null;

  constructor(options: SharePopupOptions = {}) {
    this.width = options.width ?? SHARE_POPUP_SIZE.width;
    this.height = options.height ?? SHARE_POPUP_SIZE.height;
    this.pollIntervalMs = options.pollIntervalMs ?? SHARE_POPUP_POLL_MS;
    this.host = options.host ?? browserHost;
  }

  on(listener: (event: SharePopupEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get isOpen(): boolean {
    return this.current !== null;
  }

  /**
   * Opens the network's share page for a page; throws (spec §8) for a missing network, url or
   * title or an unknown network. Returns false when the browser blocked the popup.
   */
  share(input: ShareInput & { network: ShareNetworkName }): boolean {
    const url = shareUrl(input);
    if (shareNetworkOpening(input.network) === 'app') {
      this.host.navigate(url);
      return true;
    }
    const previous = this.current;
    if (previous) {
      this.stopWatching();
      previous.popup.close();
      this.emit({ type: 'change', network: previous.network, url: previous.url });
    }
    // A new window each time: reusing a name would navigate the closing popup instead.
    const popup = this.host.open(url, '_blank', this.features());
    if (!popup) return false;
    // NOTE: the popup keeps its opener. Watching and closing it (spec §4) need the window handle,
    // so `noopener` is out, and Chromium refuses to close a popup whose opener was cut. The
    // networks are fixed, well-known sites, not links from content.
    popup.focus();
    const poll = setInterval(() => {
      if (popup.closed) {
        this.stopWatching();
        this.emit({ type: 'close', network: input.network, url });
      }
    }, this.pollIntervalMs);
    this.current = { popup, network: input.network, url, poll };
    this.emit({ type: 'open', network: input.network, url });
    return true;
  }

  /** Stops watching (the component unmounts); an open popup stays for the shopper to finish. */
  dispose(): void {
    this.stopWatching();
    this.listeners.clear();
  }

  private stopWatching() {
    if (this.current) clearInterval(this.current.poll);
    this.current = null;
  }

  private features(): string {
    const frame = this.host.frame();
    const left = Math.max(0, Math.round(frame.left + (frame.width - this.width) / 2));
    const top = Math.max(0, Math.round(frame.top + (frame.height - this.height) / 2));
    return `popup=yes,width=${this.width},height=${this.height},left=${left},top=${top}`;
  }

  private emit(event: SharePopupEvent) {
    for (const listener of this.listeners) listener(event);
  }
}

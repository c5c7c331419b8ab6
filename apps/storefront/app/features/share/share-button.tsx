import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { shareNetworkLabel, type ShareNetworkName } from '../../lib/share-networks';
import { useMediaConfig } from '../../components/image';
import { pushToDataLayer, useTrackingEnabled } from '../../lib/data-layer';
import { useDisplayText } from '../../lib/display-text';
import { ogImageUrl } from '../../lib/seo-meta';
import { ShareIcon } from './share-icons';
import { SharePopupController } from './share-popup';
import styles from './share-button.module.css';

/** The networks the menu offers (spec §9 'Sharing'), in the order shoppers reach for them. */
const MENU_NETWORKS: ShareNetworkName[] = [
  'facebook',
  'twitter',
  'pinterest',
  'whatsapp',
  'telegram',
  'reddit',
  'linkedin',
  'bluesky',
  'threads',
  'email',
  'sms',
];

interface ShareButtonProps {
  title: string;
  /** The page's absolute canonical URL; by default the document's canonical link, else its address without the query. */
  url?: string;
  description?: string;
  /** The page's main image (a media id, and whether it names an image set), which Pinterest pins. */
  image?: { mediaId: string; set?: boolean };
}

type WebShareNavigator = Navigator & Required<Pick<Navigator, 'share' | 'canShare'>>;

function hasWebShare(): boolean {
  return typeof navigator.share === 'function' && typeof navigator.canShare === 'function';
}

const noSubscription = () => () => {};

function canonicalPageUrl(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return canonical || `${window.location.origin}${window.location.pathname}`;
}

/**
 * Spec §2 'Social share button'. Where the device has the Web Share API the button opens its
 * share sheet; elsewhere it discloses a list of networks (each opening the share popup of
 * spec §4) and 'Copy link'. The list is reachable with Tab or the arrow keys; Escape closes it
 * and returns focus to the button.
 */
export function ShareButton({ title, url, description, image }: ShareButtonProps) {
  const t = useDisplayText();
  const media = useMediaConfig();
  const tracking = useTrackingEnabled();
  // The server cannot know; the sheet is only ever opened in the browser.
  const webShare = useSyncExternalStore(noSubscription, hasWebShare, () => false);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [popups] = useState(() => new SharePopupController());
  const listId = useId();

  useEffect(() => () => popups.dispose(), [popups]);
  // GA4's recommended `share` event, once per popup opened, only while tracking is enabled.
  useEffect(
    () =>
      popups.on((event) => {
        if (event.type === 'open' && tracking)
          pushToDataLayer({ event: 'share', method: event.network, content_type: 'page', item_id: title });
      }),
    [popups, tracking, title],
  );

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const items = () => Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const target = () => {
    const pageUrl = url ?? canonicalPageUrl();
    return {
      url: pageUrl,
      title,
      description,
      media: image ? ogImageUrl(image.mediaId, image.set ?? false, { url: pageUrl, media }) : undefined,
    };
  };

  const shareOn = (network: ShareNetworkName) => {
    const label = t(shareNetworkLabel(network));
    const opened = popups.share({ network, ...target() });
    setStatus(opened ? '' : t('Allow pop-ups to share on {network}.', { network: label }));
    close();
  };

  const copyLink = async () => {
    const { url: pageUrl } = target();
    try {
      await navigator.clipboard.writeText(pageUrl);
      setStatus(t('Link copied'));
    } catch {
      setStatus(t('The link could not be copied.'));
    }
    close();
  };

  const onToggle = async () => {
    setStatus('');
    if (webShare && !open) {
      const shared = target();
      const data = { title: shared.title, text: shared.description, url: shared.url };
      if ((navigator as WebShareNavigator).canShare(data)) {
        try {
          await (navigator as WebShareNavigator).share(data);
        } catch (error) {
          // The shopper closing the sheet is an AbortError; anything else falls back to the list.
          if (!(error instanceof DOMException && error.name === 'AbortError')) setOpen(true);
        }
        return;
      }
    }
    setOpen(!open);
  };

  // Opening from the keyboard moves into the list, so its first item is one key away.
  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);

  const onToggleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' && !webShare) {
      event.preventDefault();
      if (open) items()[0]?.focus();
      else setOpen(true);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLButtonElement);
    const moveTo = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: all.length - 1 }[event.key];
    if (moveTo !== undefined) {
      event.preventDefault();
      all[(moveTo + all.length) % all.length]?.focus();
    }
  };

  return (
    <div
      ref={rootRef}
      className={styles.share}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={webShare ? undefined : open}
        aria-controls={webShare ? undefined : listId}
        onClick={onToggle}
        onKeyDown={onToggleKeyDown}
      >
        <ShareIcon name="share" />
        {t('Share')}
      </button>
      <ul
        ref={listRef}
        id={listId}
        className={styles.list}
        hidden={!open}
        aria-label={t('Share')}
        onKeyDown={onListKeyDown}
      >
        {MENU_NETWORKS.map((network) => (
          <li key={network}>
            <button type="button" className={styles.item} onClick={() => shareOn(network)}>
              <ShareIcon name={network} />
              {t(shareNetworkLabel(network))}
            </button>
          </li>
        ))}
        <li className={styles.copy}>
          <button type="button" className={styles.item} onClick={copyLink}>
            <ShareIcon name="link" />
            {t('Copy link')}
          </button>
        </li>
      </ul>
      <p role="status" className={styles.status}>
        {status}
      </p>
    </div>
  );
}

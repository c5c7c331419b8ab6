import { DomainError } from '@piste/core';

/**
 * How a network's share page opens: a `popup` window the share controller watches, or an `app`
 * link (mailto:, sms:) that the device hands to its mail or messages app without a window.
 */
export type ShareOpening = 'popup' | 'app';

export interface ShareInput {
  network: string;
  /** The absolute http(s) URL of the page shared. */
  url: string;
  title: string;
  description?: string;
  /** An absolute http(s) image URL (Pinterest pins it). */
  media?: string;
  hashtags?: readonly string[];
}

interface ShareParts {
  url: string;
  title: string;
  description: string | undefined;
  media: string | undefined;
  hashtags: string[];
}

interface ShareNetwork {
  label: string;
  opening: ShareOpening;
  build(parts: ShareParts): string;
}

/** `key=value&…` with every value percent-encoded (spaces as %20: mail and SMS apps do not read `+`). */
function query(params: Record<string, string | undefined>): string {
  return Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}

/** Networks that take one text field get the title followed by the URL. */
const titleAndUrl = ({ title, url }: ShareParts) => `${title} ${url}`;

/**
 * Spec §9 'Sharing': "Networks include facebook, twitter, linkedin, email, whatsapp, telegram,
 * reddit, pinterest, sms and others", with each network's current share-intent URL. (Skype's and
 * Pocket's share pages are gone with the services, so they are not offered.)
 */
const NETWORKS = {
  facebook: {
    label: 'Facebook',
    opening: 'popup',
    // Facebook takes one hashtag and reads the rest of the preview from the page's Open Graph tags.
    build: ({ url, hashtags }) =>
      `https://www.facebook.com/sharer/sharer.php?${query({ u: url, hashtag: hashtags[0] && `#${hashtags[0]}` })}`,
  },
  twitter: {
    label: 'X (Twitter)',
    opening: 'popup',
    build: ({ url, title, hashtags }) =>
      `https://x.com/intent/post?${query({ url, text: title, hashtags: hashtags.join(',') || undefined })}`,
  },
  linkedin: {
    label: 'LinkedIn',
    opening: 'popup',
    build: ({ url }) => `https://www.linkedin.com/sharing/share-offsite/?${query({ url })}`,
  },
  email: {
    label: 'Email',
    opening: 'app',
    build: ({ url, title, description }) =>
      `mailto:?${query({ subject: title, body: description ? `${description}\n\n${url}` : url })}`,
  },
  whatsapp: {
    label: 'WhatsApp',
    opening: 'popup',
    build: (parts) => `https://wa.me/?${query({ text: titleAndUrl(parts) })}`,
  },
  telegram: {
    label: 'Telegram',
    opening: 'popup',
    build: ({ url, title }) => `https://t.me/share/url?${query({ url, text: title })}`,
  },
  reddit: {
    label: 'Reddit',
    opening: 'popup',
    build: ({ url, title }) => `https://www.reddit.com/submit?${query({ url, title })}`,
  },
  pinterest: {
    label: 'Pinterest',
    opening: 'popup',
    build: ({ url, title, media }) =>
      `https://www.pinterest.com/pin/create/button/?${query({ url, media, description: title })}`,
  },
  sms: {
    label: 'SMS',
    opening: 'app',
    // `sms:?&body=` is the form both iOS (which reads `&body`) and Android (`?body`) understand.
    build: (parts) => `sms:?&${query({ body: titleAndUrl(parts) })}`,
  },
  bluesky: {
    label: 'Bluesky',
    opening: 'popup',
    build: (parts) => `https://bsky.app/intent/compose?${query({ text: titleAndUrl(parts) })}`,
  },
  threads: {
    label: 'Threads',
    opening: 'popup',
    build: ({ url, title }) => `https://www.threads.net/intent/post?${query({ text: title, url })}`,
  },
  tumblr: {
    label: 'Tumblr',
    opening: 'popup',
    build: ({ url, title, description, hashtags }) =>
      `https://www.tumblr.com/widgets/share/tool?${query({
        posttype: 'link',
        canonicalUrl: url,
        title,
        caption: description,
        tags: hashtags.join(',') || undefined,
      })}`,
  },
  line: {
    label: 'LINE',
    opening: 'popup',
    build: ({ url }) => `https://social-plugins.line.me/lineit/share?${query({ url })}`,
  },
  hackernews: {
    label: 'Hacker News',
    opening: 'popup',
    build: ({ url, title }) => `https://news.ycombinator.com/submitlink?${query({ u: url, t: title })}`,
  },
} as const satisfies Record<string, ShareNetwork>;

export type ShareNetworkName = keyof typeof NETWORKS;

export function isShareNetwork(network: unknown): network is ShareNetworkName {
  return typeof network === 'string' && Object.hasOwn(NETWORKS, network);
}

export function shareNetworkLabel(network: ShareNetworkName): string {
  return NETWORKS[network].label;
}

export function shareNetworkOpening(network: ShareNetworkName): ShareOpening {
  return NETWORKS[network].opening;
}

function invalid(message: string): never {
  throw new DomainError('INVALID_DATA', message, 'INVALID_SHARE');
}

/** Only web pages and images are shared: a `javascript:` or `data:` URL never reaches a share page. */
function httpUrl(value: string | undefined, field: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value ?? '');
  } catch {
    invalid(`Share ${field} must be an absolute http(s) URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    invalid(`Share ${field} must be an absolute http(s) URL.`);
  }
  return parsed.href;
}

/**
 * The share page of a network for a page. Spec §5: "The share component requires network, url
 * and title, and the network must be in its known list"; spec §8 'Share network unknown': throws.
 */
export function shareUrl(input: ShareInput): string {
  if (!input.network) invalid('Share network is required.');
  if (!isShareNetwork(input.network)) invalid(`Unknown share network "${String(input.network).slice(0, 40)}".`);
  if (!input.url?.trim()) invalid('Share url is required.');
  const title = input.title?.trim();
  if (!title) invalid('Share title is required.');
  return NETWORKS[input.network].build({
    url: httpUrl(input.url.trim(), 'url'),
    title,
    description: input.description?.trim() || undefined,
    media: input.media?.trim() ? httpUrl(input.media.trim(), 'media') : undefined,
    // Networks add the `#` themselves; a tag is one word.
    hashtags: (input.hashtags ?? []).map((tag) => tag.trim().replace(/^#+/, '').replace(/\s+/g, '')).filter(Boolean),
  });
}

import { describe, expect, it } from 'vitest';
import { isShareNetwork, shareNetworkOpening, shareUrl, type ShareInput } from './share-networks';

const page = {
  url: 'https://piste.example/en-us/p/summit-helmet',
  title: 'Summit Helmet & Visor',
};
const encodedUrl = encodeURIComponent(page.url);
const encodedTitle = encodeURIComponent(page.title);

function searchOf(share: string): URLSearchParams {
  return new URL(share).searchParams;
}

describe('shareUrl (spec §5, §8, §9 Sharing)', () => {
  it('knows the networks of spec §9 and a few more', () => {
    for (const network of [
      'facebook',
      'twitter',
      'linkedin',
      'email',
      'whatsapp',
      'telegram',
      'reddit',
      'pinterest',
      'sms',
    ])
      expect(isShareNetwork(network)).toBe(true);
  });

  it.each([
    ['facebook', `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`],
    ['twitter', `https://x.com/intent/post?url=${encodedUrl}&text=${encodedTitle}`],
    ['linkedin', `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`],
    ['email', `mailto:?subject=${encodedTitle}&body=${encodedUrl}`],
    ['whatsapp', `https://wa.me/?text=${encodedTitle}%20${encodedUrl}`],
    ['telegram', `https://t.me/share/url?url=${encodedUrl}&text=${encodedTitle}`],
    ['reddit', `https://www.reddit.com/submit?url=${encodedUrl}&title=${encodedTitle}`],
    ['pinterest', `https://www.pinterest.com/pin/create/button/?url=${encodedUrl}&description=${encodedTitle}`],
    ['sms', `sms:?&body=${encodedTitle}%20${encodedUrl}`],
    ['bluesky', `https://bsky.app/intent/compose?text=${encodedTitle}%20${encodedUrl}`],
    ['threads', `https://www.threads.net/intent/post?text=${encodedTitle}&url=${encodedUrl}`],
    [
      'tumblr',
      `https://www.tumblr.com/widgets/share/tool?posttype=link&canonicalUrl=${encodedUrl}&title=${encodedTitle}`,
    ],
    ['line', `https://social-plugins.line.me/lineit/share?url=${encodedUrl}`],
    ['hackernews', `https://news.ycombinator.com/submitlink?u=${encodedUrl}&t=${encodedTitle}`],
  ])('builds the %s share URL with every parameter encoded', (network, expected) => {
    expect(shareUrl({ network, ...page })).toBe(expected);
  });

  it('gives Pinterest the image, and networks that take them the hashtags and description', () => {
    const media = 'https://piste.example/media/i/piste/helmet?w=1200&fmt=jpg';
    expect(searchOf(shareUrl({ network: 'pinterest', ...page, media })).get('media')).toBe(media);
    expect(searchOf(shareUrl({ network: 'twitter', ...page, hashtags: ['#piste', 'snow day'] })).get('hashtags')).toBe(
      'piste,snowday',
    );
    expect(searchOf(shareUrl({ network: 'facebook', ...page, hashtags: ['piste', 'snow'] })).get('hashtag')).toBe(
      '#piste',
    );
    const mail = shareUrl({ network: 'email', ...page, description: 'Light & warm' });
    expect(mail).toBe(`mailto:?subject=${encodedTitle}&body=${encodeURIComponent(`Light & warm\n\n${page.url}`)}`);
  });

  it('keeps characters that could break out of a parameter inside it', () => {
    const share = shareUrl({ network: 'reddit', url: 'https://piste.example/p/a?x=1&y=2#top', title: 'A&B=C?#' });
    expect(searchOf(share).get('url')).toBe('https://piste.example/p/a?x=1&y=2#top');
    expect(searchOf(share).get('title')).toBe('A&B=C?#');
    expect([...searchOf(share).keys()]).toEqual(['url', 'title']);
  });

  it.each([
    [{ network: '', ...page }, /network is required/],
    [{ network: 'myspace', ...page }, /Unknown share network "myspace"/],
    [{ network: 'toString', ...page }, /Unknown share network/],
    [{ network: 'facebook', url: '', title: page.title }, /url is required/],
    [{ network: 'facebook', url: page.url, title: '  ' }, /title is required/],
    [{ network: 'facebook', url: '/en-us/p/summit-helmet', title: page.title }, /absolute http\(s\) URL/],
    [{ network: 'facebook', url: 'javascript:alert(1)', title: page.title }, /absolute http\(s\) URL/],
    [{ network: 'pinterest', ...page, media: 'data:image/png;base64,AAAA' }, /media must be an absolute/],
  ] as [ShareInput, RegExp][])('throws a clear error for %j', (input, message) => {
    expect(() => shareUrl(input)).toThrow(message);
  });

  it('tells popups from the apps that mailto: and sms: open', () => {
    expect(shareNetworkOpening('email')).toBe('app');
    expect(shareNetworkOpening('sms')).toBe('app');
    expect(shareNetworkOpening('facebook')).toBe('popup');
    expect(isShareNetwork('hasOwnProperty')).toBe(false);
  });
});

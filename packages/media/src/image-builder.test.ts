import { describe, expect, it } from 'vitest';
import {
  CARD_BACKGROUND,
  DEFAULT_BANNER_SIZES,
  FAST_CONNECTION_DPI,
  PRODUCT_CARD_SIZES,
  SLOW_CONNECTION_DPI,
  type MediaAssetDescriptor,
} from './descriptor';
import { dpiForConnection, isFastConnection } from './connection';
import { bannerDescriptor, buildImage, contentImageDescriptor, InvalidMediaDescriptor } from './image-builder';
import { mediaMetadataUrl, mediaUrl, videoPosterPlaceholderUrl, videoSourceUrl } from './media-urls';

/** A product card's image as the storefront's cards ask for it. */
const productCard: MediaAssetDescriptor = {
  filename: 'zenith-black-1',
  alias: 'piste',
  baseUrl: '/media',
  sizes: [...PRODUCT_CARD_SIZES],
  bg: CARD_BACKGROUND,
};

const base: MediaAssetDescriptor = {
  filename: 'zenith',
  alias: 'piste',
  baseUrl: '/media',
  sizes: [{ width: 200, height: 100 }],
};
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('buildImage: descriptor fields', () => {
  it.each<[string, Partial<MediaAssetDescriptor>, Record<string, string>]>([
    [
      'defaults: quality 90, format auto, progressive',
      {},
      { w: '200', h: '100', qlt: '90', fmt: 'auto', 'fmt.jpeg.interlaced': 'true' },
    ],
    ['qlt', { qlt: 75 }, { qlt: '75' }],
    ['fmt', { fmt: 'webp' }, { fmt: 'webp' }],
    ['bg as rgb()', { bg: '#ffffff' }, { bg: 'rgb(255,255,255)' }],
    ['maxW', { maxW: 150 }, { maxW: '150', w: '150', h: '75' }],
    ['maxH', { maxH: 50 }, { maxH: '50', w: '100', h: '50' }],
    ['poi crops by default', { poi: { x: 0.25, y: 0.75 } }, { poi: '0.25,0.75', sm: 'c', scaleFit: 'poi' }],
    ['poi with area', { poi: { x: 0.5, y: 0.5, w: 0.2, h: 0.1 } }, { poi: '0.5,0.5,0.2,0.1', scaleFit: 'poi' }],
    ['explicit scale mode', { sm: 'aspect' }, { sm: 'aspect' }],
  ])('%s', (_name, fields, expected) => {
    expect(query(buildImage({ ...base, ...fields }).src)).toMatchObject(expected);
  });

  it.each<[string, Partial<MediaAssetDescriptor>, string[]]>([
    ['no bg unless asked', {}, ['bg']],
    ['no poi unless asked', {}, ['poi', 'sm', 'scaleFit']],
    ['progressive: false drops interlacing', { progressive: false }, ['fmt.jpeg.interlaced']],
  ])('%s', (_name, fields, absent) => {
    const params = query(buildImage({ ...base, ...fields }).src);
    for (const name of absent) expect(params).not.toHaveProperty(name);
  });

  it('trims whitespace from the filename (spec §5) and builds image URLs under the alias', () => {
    expect(buildImage({ ...base, filename: '  zenith \n' }).src).toMatch(/^\/media\/i\/piste\/zenith\?/);
  });

  it('set: true asks the image-set form', () => {
    expect(buildImage({ ...base, set: true }).src).toMatch(/^\/media\/s\/piste\/zenith\?/);
  });

  it('baseUrl may be a hosted service, with or without a trailing slash', () => {
    expect(buildImage({ ...base, baseUrl: 'https://cdn.example.net/' }).src).toMatch(
      /^https:\/\/cdn\.example\.net\/i\/piste\/zenith\?/,
    );
  });

  it('encodes names so they cannot escape their path segment', () => {
    expect(buildImage({ ...base, filename: '../a b' }).src).toContain('/i/piste/..%2Fa%20b?');
  });

  it.each<[string, Partial<MediaAssetDescriptor>]>([
    ['empty filename', { filename: '   ' }],
    ['empty alias', { alias: '' }],
    ['no sizes', { sizes: [] }],
    ['zero width', { sizes: [{ width: 0, height: 10 }] }],
    ['fractional height', { sizes: [{ width: 10, height: 1.5 }] }],
    ['width over 4000', { sizes: [{ width: 4001, height: 10 }] }],
    ['qlt 0', { qlt: 0 }],
    ['qlt 101', { qlt: 101 }],
    ['bg not a colour', { bg: 'red' }],
    ['poi outside 0..1', { poi: { x: 1.2, y: 0 } }],
    ['maxW 0', { maxW: 0 }],
    ['negative dpi', { dpi: { '1x': -1, '2x': 144 } }],
  ])('rejects %s', (_name, fields) => {
    expect(() => buildImage({ ...base, ...fields })).toThrow(InvalidMediaDescriptor);
  });
});

describe('buildImage: sizes, dpi, srcset', () => {
  it('offers 1x (96 dpi) and 2x (144 dpi = 1.5×) of each size in w descriptors', () => {
    const image = buildImage(base);
    expect(image.srcSet.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['200w', '300w']);
    expect(query(image.srcSet.split(', ')[1]!.split(' ')[0]!)).toMatchObject({ w: '300', h: '150' });
    expect({ width: image.width, height: image.height }).toEqual({ width: 200, height: 100 });
  });

  it('on slow connections both densities are 72 dpi, so one 0.75× candidate remains', () => {
    const image = buildImage({ ...base, dpi: SLOW_CONNECTION_DPI });
    expect(image.srcSet.split(', ')).toHaveLength(1);
    expect(image.srcSet).toMatch(/ 150w$/);
    expect(query(image.src)).toMatchObject({ w: '150', h: '75' });
    expect(image.width).toBe(200);
  });

  it('caps srcset candidates at maxW, keeping the aspect ratio and dropping duplicates', () => {
    const image = buildImage({ ...base, maxW: 200 });
    expect(image.srcSet.split(', ')).toHaveLength(1);
    expect(image.srcSet).toMatch(/w=200&h=100.* 200w$/);
  });

  it('product cards: 210x280 up to 480px, 353x471 up to 767px, 340x453 from 768px (spec §9)', () => {
    const image = buildImage(productCard);
    expect(image.sizes).toBe('(max-width: 480px) 210px, (max-width: 767px) 353px, 340px');
    expect({ width: image.width, height: image.height }).toEqual({ width: 340, height: 453 });
    expect(image.sources).toEqual([]);
    expect(image.srcSet.split(', ').map((entry) => entry.split(' ')[1])).toEqual([
      '210w',
      '315w',
      '340w',
      '353w',
      '510w',
      '530w',
    ]);
    expect(query(image.src)).toMatchObject({ w: '340', h: '453', bg: 'rgb(255,255,255)', qlt: '90', fmt: 'auto' });
  });

  it('placeholder is 15 px wide with the default size’s aspect ratio (spec §9)', () => {
    const image = buildImage(productCard);
    expect(query(image.placeholder)).toMatchObject({ w: '15', h: '20', bg: 'rgb(255,255,255)' });
  });

  it('art direction: sizes with another aspect ratio become <source>s, narrowest first', () => {
    const image = buildImage(bannerDescriptor('banner-dawn', { alias: 'piste', baseUrl: '/media' }));
    expect(DEFAULT_BANNER_SIZES.map((size) => `${size.width}x${size.height}`)).toEqual([
      '480x480',
      '768x432',
      '1440x480',
    ]);
    expect(image.sources.map((source) => source.media)).toEqual(['(max-width: 480px)', '(max-width: 768px)']);
    expect(image.sources[0]!.srcSet).toMatch(/w=480&h=480.* 480w, .*w=720&h=720.* 720w$/);
    expect(image.sources[0]!.sizes).toBe('100vw');
    expect(image).toMatchObject({ width: 1440, height: 480, sizes: '100vw' });
    expect(query(image.src)).toMatchObject({ w: '1440', h: '480', poi: '0.5,0.5', sm: 'c', qlt: '75' });
  });

  it('content images use quality 75 (spec §9)', () => {
    const image = buildImage(
      contentImageDescriptor('blog-1', [{ width: 600, height: 400 }], { alias: 'piste', baseUrl: '/media' }),
    );
    expect(query(image.src).qlt).toBe('75');
  });

  it('min-only breakpoints follow max ones in sizes', () => {
    const image = buildImage({
      ...base,
      sizes: [
        { width: 400, height: 200 },
        { width: 300, height: 150, breakpoint: { min: 1200 } },
        { width: 100, height: 50, breakpoint: { max: 480 } },
      ],
    });
    expect(image.sizes).toBe('(max-width: 480px) 100px, (min-width: 1200px) 300px, 400px');
  });

  it('the same descriptor always builds the same URLs (cache hits)', () => {
    expect(buildImage(base)).toEqual(buildImage({ ...base }));
  });
});

describe('connection (spec §4)', () => {
  it.each([
    ['4g', true],
    ['3g', false],
    ['2g', false],
    ['slow-2g', false],
    [undefined, true],
    ['5g-unknown', true],
  ])('%s fast=%s', (type, fast) => {
    expect(isFastConnection(type)).toBe(fast);
    expect(dpiForConnection(type)).toEqual(fast ? FAST_CONNECTION_DPI : SLOW_CONNECTION_DPI);
  });
  it('dpi maps', () => {
    expect(FAST_CONNECTION_DPI).toEqual({ '1x': 96, '2x': 144 });
    expect(SLOW_CONNECTION_DPI).toEqual({ '1x': 72, '2x': 72 });
  });
});

describe('media URLs (spec §7)', () => {
  it('metadata form', () => {
    expect(mediaMetadataUrl('/media', 's', 'piste', ' zenith-black ')).toBe(
      '/media/s/piste/zenith-black.json?metadata=true&protocol=https',
    );
  });
  it('video poster at 15x15 jpg and the 720p mp4 rendition', () => {
    expect(videoPosterPlaceholderUrl('/media', 'piste', 'clip')).toBe('/media/i/piste/clip?w=15&h=15&fmt=jpg');
    expect(videoSourceUrl('https://cdn.example.net', 'piste', 'clip')).toBe(
      'https://cdn.example.net/v/piste/clip/mp4_720p',
    );
  });
  it('keeps commas and parentheses readable', () => {
    expect(mediaUrl('/m', 'i', 'a', 'b', { poi: '0.5,0.5', bg: 'rgb(1,2,3)', skip: undefined })).toBe(
      '/m/i/a/b?poi=0.5,0.5&bg=rgb(1,2,3)',
    );
  });
});

it('product card sizes constant matches spec §9', () => {
  expect(PRODUCT_CARD_SIZES.map((size) => [size.width, size.height, size.breakpoint])).toEqual([
    [210, 280, { max: 480 }],
    [353, 471, { max: 767 }],
    [340, 453, { min: 768 }],
  ]);
});

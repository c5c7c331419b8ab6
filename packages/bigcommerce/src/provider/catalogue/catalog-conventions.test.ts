import { describe, expect, it } from 'vitest';
import { mediaIdOf, productFlags } from './catalog-conventions';

describe('what the shop reads from BigCommerce records', () => {
  it('takes our media id from an image file or a CDN URL alike', () => {
    expect(mediaIdOf('p/132/horizon-goggle-1__13201.jpg')).toBe('horizon-goggle-1');
    expect(
      mediaIdOf(
        'https://cdn11.bigcommerce.com/s-abc/images/stencil/500x659/products/132/13201/horizon-goggle-1__13201.jpg?c=2',
      ),
    ).toBe('horizon-goggle-1');
    expect(mediaIdOf('uploaded-without-suffix.png')).toBe('uploaded-without-suffix');
  });

  it('reads the new and redesigned flags from their custom fields only when true', () => {
    expect(
      productFlags([
        { name: '_piste_is_new', value: 'TRUE' },
        { name: '_piste_is_redesigned', value: 'no' },
      ]),
    ).toEqual({
      isNew: true,
      isRedesigned: false,
    });
    expect(productFlags(undefined)).toEqual({ isNew: false, isRedesigned: false });
  });
});

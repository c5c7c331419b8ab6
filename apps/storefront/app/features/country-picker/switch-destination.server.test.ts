import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { resolveLocaleState } from '@piste/core';
import { switchDestination } from './switch-destination.server';
import { countryPickerFrom } from './use-country-picker-path';

/** A content service holding one product, shown in the given content regions. */
function contextWith(regions: string[]) {
  const product = vi.fn(async (_locale: string, { uid }: { uid: string }) =>
    uid === 'skyline-touring-helmet' ? { uid, regions } : null,
  );
  const context = {
    customer: null,
    localeStateIn: (locale: string) => resolveLocaleState({ locale }),
    services: { content: { client: { product } } },
  };
  return { context: context as unknown as AppLoadContext, product };
}

describe('switchDestination (switching country on a product page once went home)', () => {
  it('keeps the shopper on the same product, query and all, when it is sold in the new region', async () => {
    const { context, product } = contextWith(['us', 'eu_region_1']);
    expect(await switchDestination(context, 'de-de', '/p/skyline-touring-helmet?colour=alpine+red')).toBe(
      '/de-de/p/skyline-touring-helmet?colour=alpine+red',
    );
    expect(product).toHaveBeenCalledWith('de', { uid: 'skyline-touring-helmet' });
  });

  it('goes to the new locale’s home when the product is not shown in its region', async () => {
    const { context } = contextWith(['eu_region_1']);
    expect(await switchDestination(context, 'en-us', '/p/skyline-touring-helmet')).toBe('/');
    expect(await switchDestination(context, 'fr-ca', '/p/no-such-product')).toBe('/fr-ca');
  });

  it('keeps other pages as they are, and a product page whose content cannot be read', async () => {
    const { context, product } = contextWith([]);
    expect(await switchDestination(context, 'fr-ca', '/c/helmets?sort=price')).toBe('/fr-ca/c/helmets?sort=price');
    expect(await switchDestination(context, 'de-de', '/')).toBe('/de-de');
    expect(product).not.toHaveBeenCalled();
    product.mockRejectedValueOnce(new Error('content down'));
    expect(await switchDestination(context, 'de-de', '/p/skyline-touring-helmet')).toBe(
      '/de-de/p/skyline-touring-helmet',
    );
  });

  it('takes a badly encoded product path to the page, which answers for itself', async () => {
    const { context } = contextWith([]);
    expect(await switchDestination(context, 'de-de', '/p/%E0%A4%A')).toBe('/de-de/p/%E0%A4%A');
  });
});

describe('countryPickerFrom', () => {
  it('is the page the picker was opened from, a path of this site only', () => {
    expect(countryPickerFrom(new URLSearchParams('from=/p/vanta-mips-helmet?colour=oxblood'))).toBe(
      '/p/vanta-mips-helmet?colour=oxblood',
    );
    expect(countryPickerFrom(new URLSearchParams('from=//evil.example/p/x'))).toBeNull();
    expect(countryPickerFrom(new URLSearchParams('from=https://evil.example'))).toBeNull();
    expect(countryPickerFrom(new URLSearchParams('from=/country'))).toBeNull();
    expect(countryPickerFrom(new URLSearchParams(''))).toBeNull();
  });
});

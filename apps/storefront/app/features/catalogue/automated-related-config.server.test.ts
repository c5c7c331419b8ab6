import { describe, expect, it } from 'vitest';
import type { AutomatedRelatedProductsEntry, ProductCategoryEntry } from '@piste/content';
import { attributeTiers, automatedCategoryIds } from './automated-related-config.server';

const category = (uid: string, id: number, automated = true) =>
  ({
    uid,
    locale: 'en-us',
    automated_related_products: automated,
    cat_ids_bc: { us: id, ca: id + 100 },
  }) as unknown as ProductCategoryEntry;

/** The seed's config (data/seed/content/entries/automated_related_products.json), in short. */
const config: Pick<AutomatedRelatedProductsEntry, 'attributes' | 'grouped_attributes'> = {
  attributes: ['Lens', 'Fit', 'Protection', 'Flex'],
  grouped_attributes: [
    {
      product_attributes: [
        { attribute_id: 'Lens', top_level_attribute: true },
        { attribute_id: 'Fit', top_level_attribute: false },
      ],
    },
    {
      product_attributes: [
        { attribute_id: 'Flex', top_level_attribute: true },
        { attribute_id: 'Baseplate', top_level_attribute: false },
      ],
    },
  ],
};

describe('automatedCategoryIds (spec §3 related-products config)', () => {
  const goggles = category('goggles', 3);
  const spherical = category('goggles-spherical', 31);
  const product = { product_category: [goggles, spherical] };

  it('uses the configured categories the product is filed under, its sub-category first, by region', () => {
    const categories = [goggles, spherical, category('helmets', 2)].map((entry) => ({ category: [entry] }));
    expect(automatedCategoryIds({ categories }, product, 'us')).toEqual([31, 3]);
    expect(automatedCategoryIds({ categories }, product, 'ca')).toEqual([131, 103]);
    expect(automatedCategoryIds({ categories }, product, 'eu_region_1')).toEqual([]);
  });

  it('leaves out categories the config does not name, or marks as not automated', () => {
    expect(automatedCategoryIds({ categories: [{ category: [category('helmets', 2)] }] }, product, 'us')).toEqual([]);
    const categories = [{ category: [category('goggles', 3, false)] }, { category: [spherical] }];
    expect(automatedCategoryIds({ categories }, product, 'us')).toEqual([31]);
    // An unresolved reference (a category that no longer exists) gives nothing.
    expect(
      automatedCategoryIds(
        { categories: [{ category: [{ uid: 'goggles', _content_type_uid: 'product_category' }] }] },
        product,
        'us',
      ),
    ).toEqual([]);
  });
});

describe('attributeTiers (spec §3 related-products config attributes and grouped attributes)', () => {
  it('matches the group with its top-level attribute first, then the top-level attribute alone, then nothing', () => {
    const tiers = attributeTiers(
      config,
      [
        { attribute: 'Lens', values: ['Spherical'] },
        { attribute: 'Fit', values: ['Medium / large face'] },
      ],
      [{ name: 'VLT', value: '18%' }],
    );
    expect(tiers).toEqual([
      [
        { attribute: 'Lens', values: ['Spherical'] },
        { attribute: 'Fit', values: ['Medium / large face'] },
      ],
      [{ attribute: 'Lens', values: ['Spherical'] }],
      [],
    ]);
  });

  it('takes a value from the commerce specification when the editors gave none', () => {
    const tiers = attributeTiers(
      config,
      [{ attribute: 'Flex', values: ['7/10'] }],
      [
        { name: 'Flex', value: '9/10' },
        { name: 'Baseplate', value: 'Forged aluminium' },
      ],
    );
    expect(tiers[0]).toEqual([
      { attribute: 'Flex', values: ['7/10'] },
      { attribute: 'Baseplate', values: ['Forged aluminium'] },
    ]);
  });

  it('uses a subordinate attribute only with its group’s top-level attribute', () => {
    // A beanie has a Fit but no Lens: Fit alone does not narrow its picks.
    expect(attributeTiers(config, [], [{ name: 'Fit', value: 'Helmet-compatible' }])).toEqual([[]]);
  });

  it('is only the category when the product has none of the attributes', () => {
    expect(attributeTiers(config, [], [])).toEqual([[]]);
  });
});

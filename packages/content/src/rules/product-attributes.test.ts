import { describe, expect, it } from 'vitest';
import { createAttributeValueLabel, sortAttributeOptions, visibleSpecs } from './product-attributes';

const specs = [
  { name: 'Weight', value: '480 g' },
  { name: 'Supplier code', value: 'SUP-114' },
  { name: 'Protection', value: 'MIPS' },
  { name: 'Vents', value: '14' },
];

describe('visibleSpecs', () => {
  it('removes hidden attributes whatever their case or spacing', () => {
    const shown = visibleSpecs(specs, { attributes: [' supplier CODE '] }, null);
    expect(shown.map((spec) => spec.name)).toEqual(['Weight', 'Protection', 'Vents']);
  });

  it('orders by spec_titles and keeps unlisted specs in their own order after them', () => {
    const shown = visibleSpecs(specs, null, { spec_titles: ['Protection', 'weight'] });
    expect(shown.map((spec) => spec.name)).toEqual(['Protection', 'Weight', 'Supplier code', 'Vents']);
  });

  it('leaves specs as they are without content', () => {
    expect(visibleSpecs(specs, null, null)).toEqual(specs);
  });
});

describe('sortAttributeOptions', () => {
  const sorting = { attribute_option_sorting: [{ attribute: 'Size', options: ['XS', 'S', 'M', 'L', 'XL'] }] };

  it('puts the options in the editors’ order for the attribute', () => {
    expect(sortAttributeOptions('size', ['L', 'S', 'XL', 'M'], sorting)).toEqual(['S', 'M', 'L', 'XL']);
  });

  it('keeps options the sorting does not name after the named ones, in their order', () => {
    expect(sortAttributeOptions('Size', ['One Size', 'L', 'Kids', 'S'], sorting)).toEqual([
      'S',
      'L',
      'One Size',
      'Kids',
    ]);
  });

  it('leaves other attributes alone', () => {
    expect(sortAttributeOptions('Flex', ['7/10', '5/10'], sorting)).toEqual(['7/10', '5/10']);
  });
});

describe('createAttributeValueLabel', () => {
  const label = createAttributeValueLabel([
    { title: 'Lens change', values: { 'Magnetic, 8-point': 'Magnetisch, 8 Punkte' } },
    { title: 'Buckle', values: { Magnetic: 'Magnetisch', Blank: '  ' } },
  ]);

  it('words a value in the locale, matching name and value case-insensitively on their trimmed text', () => {
    expect(label('Lens change', 'Magnetic, 8-point')).toBe('Magnetisch, 8 Punkte');
    expect(label(' lens CHANGE ', 'magnetic, 8-POINT ')).toBe('Magnetisch, 8 Punkte');
  });

  it('keeps a value its attribute does not word, of another attribute, or worded blank, as written', () => {
    expect(label('Lens change', 'Magnetic')).toBe('Magnetic');
    expect(label('Weight', '480 g')).toBe('480 g');
    expect(label('Buckle', 'Blank')).toBe('Blank');
    expect(createAttributeValueLabel([])('Lens', 'Spherical')).toBe('Spherical');
  });
});

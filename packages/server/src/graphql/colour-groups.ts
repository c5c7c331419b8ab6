import { resolveCommerceRegion, type CatalogueService } from '@piste/commerce';
import type { ContentProductSource } from './content-products';
import { fetchCommerceProducts } from './product-cards';

/** Spec §3 'Colour group': a colour family, its swatch and the shop's colour names in it. */
export interface ColourGroup {
  color_name: string;
  option_swatch_hex: string;
  child_colors: string[];
}

/** The families the colour filter offers, in display order, with the swatch each shows. */
const COLOUR_FAMILIES = {
  Black: '#1b1b1f',
  Grey: '#8c8f94',
  White: '#f5f6f8',
  Blue: '#1f4e9c',
  Green: '#2e5339',
  Yellow: '#f4c430',
  Orange: '#f26b21',
  Red: '#c0392b',
  Pink: '#f78fb3',
  Purple: '#6c4f8c',
  Brown: '#8b5a2b',
} as const;
type ColourFamily = keyof typeof COLOUR_FAMILIES;

const FAMILY_BY_WORD = new Map<string, ColourFamily>([
  ...Object.keys(COLOUR_FAMILIES).map((family) => [family.toLowerCase(), family as ColourFamily] as const),
  ['gray', 'Grey'],
]);

function hexToHsl(hex: string): { hue: number; saturation: number; lightness: number } {
  const [red, green, blue] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return { hue: 0, saturation: 0, lightness };
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  const sector =
    max === red
      ? ((green - blue) / delta + 6) % 6
      : max === green
        ? (blue - red) / delta + 2
        : (red - green) / delta + 4;
  return { hue: sector * 60, saturation, lightness };
}

/** The family a swatch colour looks like, for names that do not say it ('Cobalt', 'Sage'). */
function familyOfHex(hex: string): ColourFamily {
  const { hue, saturation, lightness } = hexToHsl(hex);
  if (lightness < 0.16) return 'Black';
  // Off-whites ('Bone', 'Cream') read as white however warm their tint.
  if (lightness > 0.9 || (lightness > 0.82 && saturation < 0.7)) return 'White';
  if (saturation < 0.15) return 'Grey';
  if (hue >= 15 && hue < 50 && (lightness < 0.4 || saturation < 0.5)) return 'Brown';
  if (hue < 15 || hue >= 345) return lightness > 0.7 ? 'Pink' : 'Red';
  if (hue < 40) return 'Orange';
  // Dark yellows are olive ('Army', 'Olive Drab'); greyish ones khaki.
  if (hue < 70) return lightness < 0.35 ? 'Green' : saturation < 0.3 ? 'Brown' : 'Yellow';
  if (hue < 170) return 'Green';
  if (hue < 255) return 'Blue';
  if (hue < 290) return 'Purple';
  return 'Pink';
}

/**
 * A colour's family: a family word in its name wins ('Glacier Blue' → Blue); otherwise its
 * first swatch colour decides. Two-part goggle colours ('Stealth Black – Ember Mirror') are
 * filed by the frame, the part before the dash.
 */
export function colourFamilyOf(name: string, hexColors: readonly string[]): ColourFamily {
  const frame = name.split('–')[0]!;
  for (const word of frame.toLowerCase().split(/[^a-z]+/)) {
    const family = FAMILY_BY_WORD.get(word);
    if (family) return family;
  }
  return familyOfHex(hexColors[0] ?? '#808080');
}

export type ColourGroupsProvider = (locale: string) => Promise<ColourGroup[]>;

/**
 * SEAM: until the content service (issue 6) stores colour groups, they are derived from the
 * swatch options of the demo catalogue's products. The content issue replaces this provider
 * with its entries for the locale; colour names are English until then, so `locale` is unused.
 */
export function catalogueColourGroups(
  catalogue: CatalogueService,
  contentProducts: ContentProductSource,
): ColourGroupsProvider {
  return async () => {
    const ids = contentProducts.list().map((product) => product.bc_products.us);
    const products = await fetchCommerceProducts(catalogue, { region: resolveCommerceRegion('us') }, ids, ['options']);
    const namesByFamily = new Map<ColourFamily, Set<string>>();
    for (const option of [...products.values()].flatMap((product) => product.options ?? [])) {
      if (option.type !== 'swatch') continue;
      for (const value of option.option_values) {
        const family = colourFamilyOf(value.label, value.value_data?.colors ?? []);
        namesByFamily.set(family, (namesByFamily.get(family) ?? new Set()).add(value.label));
      }
    }
    return (Object.keys(COLOUR_FAMILIES) as ColourFamily[]).flatMap((family) => {
      const names = namesByFamily.get(family);
      return names
        ? [{ color_name: family, option_swatch_hex: COLOUR_FAMILIES[family], child_colors: [...names].sort() }]
        : [];
    });
  };
}

import type { KeyboardEvent } from 'react';
import type { ProductColourView } from './product-view';
import styles from './swatch-picker.module.css';

interface SwatchPickerProps {
  colours: ProductColourView[];
  selected: string;
  onSelect: (label: string) => void;
  /** Cards preview a colour on hover; the product page selects on click or keyboard only. */
  selectOnHover?: boolean;
  /** The group's accessible name; cards name their product so a page's groups differ. */
  label?: string;
}

function swatchBackground(hex: string[]): string {
  return hex.length > 1 ? `linear-gradient(135deg, ${hex[0]} 50%, ${hex[1]} 50%)` : (hex[0] ?? '#cccccc');
}

/**
 * Colour swatches as a radio group (spec §4 'Product card': hover, click or Enter on a swatch
 * selects it). Arrow keys move between colours, as in any radio group.
 */
export function SwatchPicker({
  colours,
  selected,
  onSelect,
  selectOnHover = false,
  label = 'Colour',
}: SwatchPickerProps) {
  const move = (event: KeyboardEvent, index: number) => {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = colours[(index + step + colours.length) % colours.length]!;
    onSelect(next.label);
    (
      event.currentTarget.parentElement?.children[(index + step + colours.length) % colours.length] as
        HTMLElement | undefined
    )?.focus();
  };
  return (
    <div role="radiogroup" aria-label={label} className={styles.swatches}>
      {colours.map((colour, index) => {
        const checked = colour.label === selected;
        return (
          <button
            key={colour.label}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={colour.label}
            title={colour.label}
            tabIndex={checked ? 0 : -1}
            className={checked ? styles.selected : styles.swatch}
            style={{ background: swatchBackground(colour.hex) }}
            onClick={() => onSelect(colour.label)}
            onMouseEnter={selectOnHover ? () => onSelect(colour.label) : undefined}
            onKeyDown={(event) => move(event, index)}
          />
        );
      })}
    </div>
  );
}

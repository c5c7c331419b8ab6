import { useDisplayText } from '../../lib/display-text';
import styles from './size-picker.module.css';

interface SizePickerProps {
  sizes: string[];
  selected: string | null;
  /** Sizes sold out in the selected colour: still selectable, marked unavailable. */
  soldOut: ReadonlySet<string>;
  onSelect: (size: string) => void;
}

/** Size choice as native radio buttons: keyboard and forms work without JavaScript. */
export function SizePicker({ sizes, selected, soldOut, onSelect }: SizePickerProps) {
  const t = useDisplayText();
  return (
    <fieldset className={styles.sizes}>
      <legend className={styles.legend}>{t('Size')}</legend>
      {sizes.map((size) => (
        <label key={size} className={soldOut.has(size) ? styles.soldOut : styles.size}>
          <input
            type="radio"
            name="size"
            value={size}
            checked={selected === size}
            onChange={() => onSelect(size)}
            className={styles.input}
          />
          <span>{t(size)}</span>
          {soldOut.has(size) ? <span className={styles.note}> — {t('Sold out')}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}

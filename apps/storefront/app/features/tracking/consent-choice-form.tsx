import { useId, type ComponentType, type FormEvent } from 'react';
import type { FetcherFormProps } from 'react-router';
import type { ConsentChoice } from '@piste/core';
import { useDisplayText } from '../../lib/display-text';
import styles from './consent.module.css';

interface ConsentChoiceFormProps {
  FormComponent: ComponentType<FetcherFormProps>;
  action: string;
  /** Sent only by a form posted without JavaScript: the page to come back to. */
  returnTo: string | null;
  /** The choice to start from; unticked while the visitor has not decided. */
  initial: ConsentChoice | null;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The consent categories with their explanations, and the three ways to answer: save the ticked
 * boxes, reject all, accept all. Used by the settings dialog and by the settings page that
 * serves visitors without JavaScript.
 */
export function ConsentChoiceForm({ FormComponent, action, returnTo, initial, onSubmit }: ConsentChoiceFormProps) {
  const t = useDisplayText();
  const id = useId();
  const categories = [
    {
      name: 'necessary',
      label: t('Necessary'),
      text: t(
        'Keep the shop working: your cart, sign-in, country and language, security checks and this choice. They are always on.',
      ),
    },
    {
      name: 'analytics',
      label: t('Analytics'),
      text: t(
        'Show us how the shop is used: pages and products viewed, added to the cart and bought, measured with Google Tag Manager and Google Analytics 4.',
      ),
    },
    {
      name: 'marketing',
      label: t('Marketing'),
      text: t('Let our advertising partners measure and personalise ads. Off unless you switch it on.'),
    },
  ] as const;

  return (
    <FormComponent method="post" action={action} className={styles.choiceForm} onSubmit={onSubmit}>
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <fieldset className={styles.categories}>
        <legend className={styles.visuallyHidden}>{t('Cookie categories')}</legend>
        {categories.map((category) => (
          <div key={category.name} className={styles.category}>
            <input
              type="checkbox"
              id={`${id}-${category.name}`}
              aria-describedby={`${id}-${category.name}-text`}
              {...(category.name === 'necessary'
                ? { checked: true, disabled: true, readOnly: true }
                : { name: category.name, defaultChecked: initial?.[category.name] ?? false })}
            />
            <label htmlFor={`${id}-${category.name}`} className={styles.categoryLabel}>
              {category.label}
              {category.name === 'necessary' ? <span className={styles.alwaysOn}>{t('Always on')}</span> : null}
            </label>
            <p id={`${id}-${category.name}-text`} className={styles.categoryText}>
              {category.text}
            </p>
          </div>
        ))}
      </fieldset>
      <div className={styles.choiceActions}>
        <button type="submit" name="decision" value="save" className="button-primary">
          {t('Save choices')}
        </button>
        <button type="submit" name="decision" value="reject" className="button-secondary">
          {t('Reject all')}
        </button>
        <button type="submit" name="decision" value="accept" className="button-secondary">
          {t('Accept all')}
        </button>
      </div>
    </FormComponent>
  );
}

import { useState, type MouseEvent } from 'react';
import { Form } from 'react-router';
import { OptionsField } from '../../components/form/form-field';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import type { PlaceOption } from '../checkout/checkout-view';
import { ACCOUNT_LABELS, accountFieldId, type FormAnswer } from './account-fields';
import { AccountTextField, answerFor, CheckboxField, FormErrorSummary, SubmitButton } from './account-form';
import type { AddressFormValues, AddressView } from './account-view';
import styles from './account.module.css';

/** One address of the book: as on a parcel, with edit, make-default and delete. */
export function AddressCard({ address }: { address: AddressView }) {
  const t = useDisplayText();
  // Buttons and links name the address they act on, for lists read out of context.
  const name = address.lines.slice(0, 3).join(', ');
  const confirmDelete = (event: MouseEvent<HTMLButtonElement>) => {
    if (!window.confirm(t('Delete this address?'))) event.preventDefault();
  };
  return (
    <li className={`${styles.addressCard} ${address.isDefault ? styles.addressCardDefault : ''}`}>
      {address.isDefault ? <p className={styles.badge}>{t('Default address')}</p> : null}
      <address className={styles.address}>
        {address.lines.map((line, index) => (
          <span key={index}>{line}</span>
        ))}
        {address.phone ? <span>{address.phone}</span> : null}
      </address>
      <div className={styles.cardActions}>
        <LocaleLink to={`/account/addresses?edit=${address.id}`} aria-label={t('Edit {address}', { address: name })}>
          {t('Edit')}
        </LocaleLink>
        {address.isDefault ? null : (
          <Form method="post">
            <input type="hidden" name="address_id" value={address.id} />
            <button
              type="submit"
              name="intent"
              value="default"
              className={styles.linkButton}
              aria-label={t('Make {address} your default address', { address: name })}
            >
              {t('Make default')}
            </button>
          </Form>
        )}
        <Form method="post">
          <input type="hidden" name="address_id" value={address.id} />
          <button
            type="submit"
            name="intent"
            value="delete"
            className={`${styles.linkButton} ${styles.danger}`}
            aria-label={t('Delete {address}', { address: name })}
            onClick={confirmDelete}
          >
            {t('Delete')}
          </button>
        </Form>
      </div>
    </li>
  );
}

/** Autofill tokens (HTML 'autocomplete') of the address fields. */
const AUTOCOMPLETE = {
  first_name: 'given-name',
  last_name: 'family-name',
  company: 'organization',
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  state_or_province: 'address-level1',
  postal_code: 'postal-code',
  country_code: 'country',
  phone: 'tel',
} as const;

interface AddressFormProps {
  /** The address being edited, or null for a new one. */
  addressId: number | null;
  values: AddressFormValues;
  countries: PlaceOption[];
  states: Record<string, PlaceOption[]>;
  answer: FormAnswer | undefined;
}

/**
 * Adds or edits an address. The state list shows for countries with states (US, CA), where
 * it is required; without JavaScript it follows the country the page was rendered with, and
 * the server asks for a state when the country changed to one that has them.
 */
export function AddressForm({ addressId, values, countries, states, answer }: AddressFormProps) {
  const t = useDisplayText();
  const mine = answerFor('address', answer);
  const shown = mine?.values ?? values;
  const [country, setCountry] = useState(shown.country_code ?? '');
  const [state, setState] = useState(shown.state_or_province ?? '');
  const countryStates = states[country] ?? [];
  const editing = addressId !== null;
  const text = (
    field: keyof typeof AUTOCOMPLETE,
    extra: { wide?: boolean; required?: boolean; type?: string } = {},
  ) => (
    <AccountTextField
      form="address"
      field={field}
      answer={answer}
      defaultValue={values[field] ?? ''}
      autoComplete={AUTOCOMPLETE[field]}
      required={extra.required ?? true}
      type={extra.type}
      className={extra.wide ? styles.wide : undefined}
    />
  );
  return (
    <section className={`${styles.panel} ${styles.column}`} aria-labelledby="address-form-title">
      <h2 id="address-form-title" className={styles.panelTitle}>
        {editing ? t('Edit address') : t('Add an address')}
      </h2>
      <FormErrorSummary form="address" answer={answer} />
      <Form method="post" noValidate className={styles.form}>
        {editing ? <input type="hidden" name="address_id" value={addressId} /> : null}
        <div className={styles.pair}>
          <OptionsField
            id={accountFieldId('address', 'country_code')}
            name="country_code"
            label={t(ACCOUNT_LABELS.country_code)}
            error={mine?.errors.country_code}
            options={countries}
            placeholder={country === '' ? t('Choose…') : undefined}
            value={country}
            onChange={(event) => {
              setCountry(event.currentTarget.value);
              setState('');
            }}
            autoComplete={AUTOCOMPLETE.country_code}
            required
            className={styles.wide}
          />
          {text('first_name')}
          {text('last_name')}
          {text('company', { wide: true, required: false })}
          {text('address1', { wide: true })}
          {text('address2', { wide: true, required: false })}
          {text('city')}
          {countryStates.length > 0 ? (
            <OptionsField
              id={accountFieldId('address', 'state_or_province')}
              name="state_or_province"
              label={t(ACCOUNT_LABELS.state_or_province)}
              error={mine?.errors.state_or_province}
              options={countryStates}
              placeholder={t('Choose…')}
              value={countryStates.some((option) => option.code === state) ? state : ''}
              onChange={(event) => setState(event.currentTarget.value)}
              autoComplete={AUTOCOMPLETE.state_or_province}
              required
            />
          ) : null}
          {text('postal_code')}
          {text('phone', { type: 'tel', required: false })}
        </div>
        {/* The default moves by choosing another address; it cannot be switched off alone. */}
        {editing && values.is_default === 'on' ? null : (
          <CheckboxField
            form="address"
            field="is_default"
            answer={answer}
            defaultChecked={values.is_default === 'on'}
          />
        )}
        <div className={styles.actions}>
          <SubmitButton
            intent={editing ? 'update' : 'add'}
            label={editing ? 'Save address' : 'Add address'}
            busyLabel="Saving…"
          />
          <LocaleLink to="/account/addresses">{t('Cancel')}</LocaleLink>
        </div>
      </Form>
    </section>
  );
}

import { useDisplayText } from '../../lib/display-text';
import {
  ADDRESS_LABELS,
  MAX_LENGTH,
  type AddressField,
  type AddressKind,
  type AddressValues,
  fieldId,
  type FieldErrors,
} from './checkout-fields';
import type { PlaceOption } from './checkout-view';
import { OptionsField, TextField } from '../../components/form/form-field';
import styles from './checkout-form.module.css';

interface AddressFieldsProps {
  kind: AddressKind;
  /** What the shopper typed before (the page re-rendered after a submission). */
  values: AddressValues;
  countries: PlaceOption[];
  states: Record<string, PlaceOption[]>;
  /** Country and state are the page's state: the shipping quote and the state list follow them. */
  country: string;
  state: string;
  onCountryChange: (country: string) => void;
  onStateChange: (state: string) => void;
  errors: FieldErrors;
}

/** Autofill tokens (HTML 'autocomplete'), in the form's shipping or billing section. */
const AUTOCOMPLETE: Record<AddressField, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  street_1: 'address-line1',
  street_2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
  country_iso2: 'country',
  phone: 'tel',
};

/**
 * A postal address. The state list shows for countries with states (US, CA), where it is
 * required; without JavaScript it follows the country the page was rendered with.
 */
export function AddressFields(props: AddressFieldsProps) {
  const { kind, values, countries, states, country, state, onCountryChange, onStateChange, errors } = props;
  const t = useDisplayText();
  const countryStates = states[country] ?? [];
  const text = (field: AddressField, extra: { className?: string; type?: string; required?: boolean } = {}) => (
    <TextField
      name={`${kind}.${field}`}
      id={fieldId(`${kind}.${field}`)}
      label={t(ADDRESS_LABELS[field])}
      error={errors[`${kind}.${field}`]}
      defaultValue={values[field]}
      autoComplete={`${kind} ${AUTOCOMPLETE[field]}`}
      maxLength={MAX_LENGTH[field]}
      required={extra.required ?? true}
      type={extra.type}
      className={extra.className}
    />
  );
  return (
    <div className={styles.address}>
      <OptionsField
        name={`${kind}.country_iso2`}
        id={fieldId(`${kind}.country_iso2`)}
        label={t(ADDRESS_LABELS.country_iso2)}
        error={errors[`${kind}.country_iso2`]}
        options={countries}
        value={country}
        onChange={(event) => onCountryChange(event.currentTarget.value)}
        autoComplete={`${kind} ${AUTOCOMPLETE.country_iso2}`}
        required
        className={styles.wide}
      />
      {text('first_name')}
      {text('last_name')}
      {text('street_1', { className: styles.wide })}
      {text('street_2', { className: styles.wide, required: false })}
      {text('city')}
      {countryStates.length > 0 ? (
        <OptionsField
          name={`${kind}.state`}
          id={fieldId(`${kind}.state`)}
          label={t(ADDRESS_LABELS.state)}
          error={errors[`${kind}.state`]}
          options={countryStates}
          placeholder={t('Choose…')}
          value={countryStates.some((option) => option.code === state) ? state : ''}
          onChange={(event) => onStateChange(event.currentTarget.value)}
          autoComplete={`${kind} ${AUTOCOMPLETE.state}`}
          required
        />
      ) : null}
      {text('zip')}
      {text('phone', { type: 'tel', required: false })}
    </div>
  );
}

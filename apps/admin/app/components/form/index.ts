export { Form, FormErrorSummary, type FormProps } from './form';
export { FieldShell, fieldId, useFieldError, type FieldProps } from './field';
export {
  CheckboxField,
  DateField,
  FieldRow,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
  type SelectOption,
} from './fields';
export { formatMinor, MoneyField, parseMoney } from './money-field';
export { applyServerErrors, attempt, SERVER_ERROR, useServerErrors } from './server-errors';

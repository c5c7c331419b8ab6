import type { InputHTMLAttributes, ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { ErrorSummary } from '../../components/form/error-summary';
import { TextField } from '../../components/form/form-field';
import { useDisplayText, type Translate } from '../../lib/display-text';
import {
  ACCOUNT_LABELS,
  ACCOUNT_MAX_LENGTH,
  accountFieldId,
  type AccountField,
  type AccountForm,
  type FormAnswer,
} from './account-fields';
import { ACCOUNT_NOTICES, type AccountNotice } from './account-view';
import styles from './account.module.css';

/** The page's answer when it is about this form (the profile page has several). */
export function answerFor(form: AccountForm, answer: FormAnswer | undefined): FormAnswer | undefined {
  return answer?.form === form ? answer : undefined;
}

interface SummaryProps {
  form: AccountForm;
  answer: FormAnswer | undefined;
  /** A display-text title; 'Please check the form' by default. */
  title?: string;
  children?: ReactNode;
}

/**
 * What stopped the form, above it: focus moves here after each refused submission, and each
 * field's problem links to its input (the checkout's summary, with this form's fields).
 */
export function FormErrorSummary({ form, answer, title = 'Please check the form', children }: SummaryProps) {
  const mine = answerFor(form, answer);
  if (!mine || (mine.message === null && Object.keys(mine.errors).length === 0)) return null;
  return (
    <>
      <ErrorSummary<AccountField>
        focusOn={mine}
        message={mine.message}
        errors={mine.errors}
        title={title}
        fieldLabel={(field: AccountField, t: Translate) => t(ACCOUNT_LABELS[field])}
        fieldId={(field: AccountField) => accountFieldId(form, field)}
      />
      {children}
    </>
  );
}

/** An email address input: the email keyboard, no spell-check, filled by the browser. */
export const EMAIL_INPUT = { type: 'email', autoComplete: 'email', inputMode: 'email', spellCheck: false } as const;

/** The account's present password, as password managers fill it. */
export const CURRENT_PASSWORD_INPUT = { type: 'password', autoComplete: 'current-password' } as const;

/** A new password's input and the policy's hint, as account creation, reset and profile ask for it. */
export const newPasswordInput = (minPasswordLength: number) =>
  ({
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least {min} characters. Avoid passwords you use elsewhere.',
    hintValues: { min: minPasswordLength },
  }) as const;

type AccountTextFieldProps = {
  form: AccountForm;
  field: AccountField;
  answer: FormAnswer | undefined;
  /** Display-text title of the hint under the label, with its values. */
  hint?: string;
  hintValues?: Record<string, string | number>;
  /** A label other than the field's usual one (a display-text title). */
  label?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'form'>;

/**
 * A labelled input of an account form, named as the engine names the field, showing the
 * value and the problem of the form's last refused submission.
 */
export function AccountTextField({
  form,
  field,
  answer,
  hint,
  hintValues,
  label,
  defaultValue,
  ...input
}: AccountTextFieldProps) {
  const t = useDisplayText();
  const mine = answerFor(form, answer);
  const secret = input.type === 'password';
  return (
    <TextField
      {...input}
      id={accountFieldId(form, field)}
      name={field}
      label={t(label ?? ACCOUNT_LABELS[field])}
      hint={hint ? t(hint, hintValues) : undefined}
      error={mine?.errors[field]}
      // A password is never sent back; other fields show what was typed.
      defaultValue={secret ? undefined : (mine?.values[field] ?? defaultValue)}
      maxLength={ACCOUNT_MAX_LENGTH[field]}
    />
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({
  form,
  field,
  answer,
  defaultChecked,
}: {
  form: AccountForm;
  field: AccountField;
  answer: FormAnswer | undefined;
  defaultChecked: boolean;
}) {
  const t = useDisplayText();
  const mine = answerFor(form, answer);
  return (
    <label className={styles.checkbox} htmlFor={accountFieldId(form, field)}>
      <input
        type="checkbox"
        id={accountFieldId(form, field)}
        name={field}
        defaultChecked={mine ? mine.values[field] === 'on' : defaultChecked}
      />
      {t(ACCOUNT_LABELS[field])}
    </label>
  );
}

/** What the last change did, announced politely (`?status=` after a redirect). */
export function Notice({ notice, values }: { notice: AccountNotice | null; values?: Record<string, string | number> }) {
  const t = useDisplayText();
  return (
    <div role="status" className={notice ? styles.notice : styles.quietStatus}>
      {notice ? t(ACCOUNT_NOTICES[notice], values) : null}
    </div>
  );
}

/** Whether this form's submission is on its way (its button shows it and waits). */
export function useSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

/** The form's submit button, disabled while its submission is on its way. */
export function SubmitButton({
  intent,
  label,
  busyLabel,
  variant = 'primary',
}: {
  intent: string;
  /** Display-text titles. */
  label: string;
  busyLabel: string;
  variant?: 'primary' | 'secondary';
}) {
  const t = useDisplayText();
  const submitting = useSubmitting(intent);
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`${variant === 'primary' ? 'button-primary' : 'button-secondary'} ${styles.submit}`}
      disabled={submitting}
      aria-disabled={submitting || undefined}
    >
      {t(submitting ? busyLabel : label)}
    </button>
  );
}

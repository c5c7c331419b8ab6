import type { FormEvent, ReactNode } from 'react';
import { Form } from 'react-router';
import { useDisplayText } from '../../lib/display-text';
import type { AccountForm, FormAnswer } from './account-fields';
import {
  AccountTextField,
  CheckboxField,
  CURRENT_PASSWORD_INPUT,
  EMAIL_INPUT,
  newPasswordInput,
  FormErrorSummary,
  SubmitButton,
  useSubmitting,
} from './account-form';
import styles from './account.module.css';

interface ProfileFormsProps {
  details: { first_name: string; last_name: string; company: string; phone: string; accepts_marketing: string };
  email: string;
  minPasswordLength: number;
  answer: FormAnswer | undefined;
}

/** One of the profile's forms in its panel: heading, error summary, fields, and the button that saves them. */
function ProfilePanel({
  form,
  title,
  submitLabel,
  answer,
  children,
}: {
  form: AccountForm;
  /** Display-text titles. */
  title: string;
  submitLabel: string;
  answer: FormAnswer | undefined;
  children: ReactNode;
}) {
  const t = useDisplayText();
  return (
    <section className={styles.panel} aria-labelledby={`profile-${form}`}>
      <h2 id={`profile-${form}`} className={styles.panelTitle}>
        {t(title)}
      </h2>
      <FormErrorSummary form={form} answer={answer} />
      <Form method="post" noValidate className={styles.form}>
        {children}
        <div className={styles.actions}>
          <SubmitButton intent={form} label={submitLabel} busyLabel="Saving…" />
        </div>
      </Form>
    </section>
  );
}

/**
 * The profile's forms: personal details; the email address and the password, each confirmed
 * with the current password (a session left open on a shared computer cannot take the account);
 * and deleting the account, confirmed with the password too (and, with JavaScript, a question).
 */
export function ProfileForms({ details, email, minPasswordLength, answer }: ProfileFormsProps) {
  const t = useDisplayText();
  const deleting = useSubmitting('delete');
  // Without JavaScript the password alone confirms; an empty one is refused without asking.
  const confirmDelete = (event: FormEvent<HTMLFormElement>) => {
    if (new FormData(event.currentTarget).get('current_password') === '') return;
    if (!window.confirm(t('Delete your account for good?'))) event.preventDefault();
  };
  return (
    <>
      <ProfilePanel form="details" title="Your details" submitLabel="Save details" answer={answer}>
        <div className={styles.pair}>
          <AccountTextField
            form="details"
            field="first_name"
            answer={answer}
            defaultValue={details.first_name}
            autoComplete="given-name"
            required
          />
          <AccountTextField
            form="details"
            field="last_name"
            answer={answer}
            defaultValue={details.last_name}
            autoComplete="family-name"
            required
          />
          <AccountTextField
            form="details"
            field="company"
            answer={answer}
            defaultValue={details.company}
            autoComplete="organization"
          />
          <AccountTextField
            form="details"
            field="phone"
            answer={answer}
            defaultValue={details.phone}
            type="tel"
            autoComplete="tel"
          />
        </div>
        <CheckboxField
          form="details"
          field="accepts_marketing"
          answer={answer}
          defaultChecked={details.accepts_marketing === 'on'}
        />
      </ProfilePanel>

      <ProfilePanel form="email" title="Email address" submitLabel="Change email" answer={answer}>
        <AccountTextField
          form="email"
          field="email"
          answer={answer}
          label="New email address"
          defaultValue={email}
          {...EMAIL_INPUT}
          required
        />
        <AccountTextField
          form="email"
          field="current_password"
          answer={answer}
          {...CURRENT_PASSWORD_INPUT}
          hint="To keep your account safe, confirm the change with your password."
          required
        />
      </ProfilePanel>

      <ProfilePanel form="password" title="Password" submitLabel="Change password" answer={answer}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <AccountTextField
          form="password"
          field="current_password"
          answer={answer}
          {...CURRENT_PASSWORD_INPUT}
          required
        />
        <AccountTextField
          form="password"
          field="new_password"
          answer={answer}
          {...newPasswordInput(minPasswordLength)}
          required
        />
        <p className={`${styles.muted} ${styles.small}`}>
          {t('Changing your password signs you out on your other devices.')}
        </p>
      </ProfilePanel>

      <section className={`${styles.panel} ${styles.panelDanger}`} aria-labelledby="profile-delete">
        <h2 id="profile-delete" className={styles.panelTitle}>
          {t('Delete your account')}
        </h2>
        <p className={styles.muted}>
          {t(
            'This deletes your account, addresses and saved cart. Your orders are kept for our records without your name, address or email.',
          )}
        </p>
        <FormErrorSummary form="delete" answer={answer} />
        <Form method="post" noValidate className={styles.form} onSubmit={confirmDelete}>
          <AccountTextField
            form="delete"
            field="current_password"
            answer={answer}
            {...CURRENT_PASSWORD_INPUT}
            required
          />
          <div className={styles.actions}>
            <button
              type="submit"
              name="intent"
              value="delete"
              className={`${styles.buttonDanger} ${styles.submit}`}
              disabled={deleting}
              aria-disabled={deleting || undefined}
            >
              {t(deleting ? 'Deleting…' : 'Delete my account')}
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}

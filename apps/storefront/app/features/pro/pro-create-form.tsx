import { Form, useNavigation } from 'react-router';
import { ErrorSummary } from '../../components/form/error-summary';
import { TextField } from '../../components/form/form-field';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import { BotCheck } from '../bot-check/bot-check';
import {
  EMPTY_PRO_CREATE,
  orderedErrors,
  PRO_FIELD_LABELS,
  PRO_MAX_LENGTH,
  proFieldId,
  type ProCreateEcho,
  type ProCreateField,
  type ProFormAnswer,
} from './pro-forms';
import styles from './pro.module.css';

interface ProCreateFormProps {
  /** The answer to the last submission, when it did not create the account. */
  answer: ProFormAnswer<ProCreateEcho> | undefined;
  minPasswordLength: number;
  /** The sign-in page, returning to the pro code form afterwards. */
  signInPath: string;
}

/**
 * A new account with a pro code: name, email, password, company and the code. Posts
 * without JavaScript too; the browser's own checks are off (noValidate) so every shopper gets
 * the server's summary and field messages, and the summary takes the focus after a refusal.
 */
export function ProCreateForm({ answer, minPasswordLength, signInPath }: ProCreateFormProps) {
  const t = useDisplayText();
  const navigation = useNavigation();
  const values = answer?.values ?? EMPTY_PRO_CREATE;
  const errors = orderedErrors(answer?.errors ?? {});
  const showSummary = answer !== undefined && (answer.message !== null || Object.keys(errors).length > 0);
  const submitting = navigation.state === 'submitting';

  const field = (name: ProCreateField) => ({
    name,
    id: proFieldId('create', name),
    label: t(PRO_FIELD_LABELS[name]),
    error: errors[name],
    maxLength: PRO_MAX_LENGTH[name],
  });

  return (
    <Form method="post" noValidate className={styles.form}>
      {showSummary ? (
        <ErrorSummary<ProCreateField>
          focusOn={answer}
          title="Please check your details"
          message={answer.message}
          errors={errors}
          fieldLabel={(name, translate) => translate(PRO_FIELD_LABELS[name])}
          fieldId={(name) => proFieldId('create', name)}
        />
      ) : null}
      <div className={styles.fieldPair}>
        <TextField {...field('first_name')} defaultValue={values.first_name} autoComplete="given-name" required />
        <TextField {...field('last_name')} defaultValue={values.last_name} autoComplete="family-name" required />
      </div>
      <TextField {...field('email')} type="email" defaultValue={values.email} autoComplete="email" required />
      <TextField
        {...field('password')}
        type="password"
        hint={t('At least {min} characters. Avoid passwords used elsewhere.', { min: minPasswordLength })}
        autoComplete="new-password"
        required
      />
      <TextField {...field('company')} defaultValue={values.company} autoComplete="organization" />
      <TextField
        {...field('pro_code')}
        hint={t('As it appears in the email with your code, for example PRO-US-1234.')}
        defaultValue={values.pro_code}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
      />
      <BotCheck action="pro_signup" resetKey={answer} />
      <div className={styles.formActions}>
        <button type="submit" className="button-primary" disabled={submitting}>
          {submitting ? t('Creating your account…') : t('Create pro account')}
        </button>
        <p className={styles.note}>
          {t('Already have an account?')} <LocaleLink to={signInPath}>{t('Sign in and add your code')}</LocaleLink>
        </p>
      </div>
    </Form>
  );
}

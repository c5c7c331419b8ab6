import { useEffect } from 'react';
import { Form, useNavigation } from 'react-router';
import { TextField } from '../../components/form/form-field';
import { useDisplayText } from '../../lib/display-text';
import { useLocalizePath } from '../../lib/locale';
import { PRO_FIELD_LABELS, PRO_MAX_LENGTH, proFieldId, type ProFormAnswer } from './pro-forms';
import styles from './pro.module.css';

interface ProCodeFormProps {
  /** The answer to the form's last submission, when the code was refused. */
  answer: ProFormAnswer<{ pro_code: string }> | undefined;
  /** Display-text title of the button. */
  submitLabel?: string;
}

/**
 * A signed-in customer's pro code, posted to `/pro/signup` (from the Pro Club's invitation too).
 * Works without JavaScript; a refused code is shown next to the field, which takes the focus.
 */
export function ProCodeForm({ answer, submitLabel = 'Add pro code' }: ProCodeFormProps) {
  const t = useDisplayText();
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const error = answer?.errors.pro_code;
  const action = localize('/pro/signup');
  const submitting = navigation.state === 'submitting' && navigation.formAction === action;

  useEffect(() => {
    if (answer?.errors.pro_code) document.getElementById(proFieldId('signup', 'pro_code'))?.focus();
  }, [answer]);

  return (
    <Form method="post" action={action} noValidate className={styles.codeForm}>
      <TextField
        name="pro_code"
        id={proFieldId('signup', 'pro_code')}
        label={t(PRO_FIELD_LABELS.pro_code)}
        hint={t('As it appears in the email with your code, for example PRO-US-1234.')}
        error={error}
        defaultValue={answer?.values.pro_code ?? ''}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={PRO_MAX_LENGTH.pro_code}
        required
      />
      <button type="submit" className="button-primary" disabled={submitting}>
        {submitting ? t('Checking your code…') : t(submitLabel)}
      </button>
    </Form>
  );
}

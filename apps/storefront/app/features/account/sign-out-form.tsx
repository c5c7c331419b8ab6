import { Form } from 'react-router';
import { useDisplayText } from '../../lib/display-text';
import { useLocalizePath } from '../../lib/locale';

/**
 * 'Sign out': a form posting to `/{lang}/account/sign-out`, so it works without JavaScript and
 * cannot be triggered by a link from another site. The action redirects, so every loader
 * (the header's customer and cart, pro prices) runs again signed out (spec §4).
 */
export function SignOutForm({ className, buttonClassName }: { className?: string; buttonClassName?: string }) {
  const t = useDisplayText();
  const localize = useLocalizePath();
  return (
    <Form method="post" action={localize('/account/sign-out')} className={className}>
      <button type="submit" className={buttonClassName}>
        {t('Sign out')}
      </button>
    </Form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { redirect, useActionData, useNavigation, useSearchParams, useSubmit } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/sign-in';
import { attempt, Form, TextField, useServerErrors } from '~/components/form';
import { api, ApiError } from '~/lib/api';
import { forgetStaff, loadStaff, type Staff } from '~/lib/session';

const signInSchema = z.object({
  email: z.email('Enter the email of your staff account.'),
  password: z.string().min(1, 'Enter your password.'),
  totp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.')
    .optional(),
});
type SignInValues = z.infer<typeof signInSchema>;

/** Refusals that one field explains; others (too many attempts) show above the form. */
const FIELD_OF_CODE: Partial<Record<string, keyof SignInValues>> = {
  INVALID_CREDENTIALS: 'password',
  INVALID_TOTP: 'totp',
};

/** Only a path of this app: `next` comes from the address bar, so it may not send anyone elsewhere. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/sign-') ? next : '/';
}

/** Someone already signed in goes straight on. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get('next'));
  const signedIn = await loadStaff(request.signal).catch(() => null);
  if (signedIn) throw redirect(next);
  return null;
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const values = (await request.json()) as SignInValues;
  const result = await attempt(() => api.post<{ staff: Staff }>('/session', values));
  if (!result.ok) {
    const { error } = result;
    // The password was right: now the code is asked for. Not an error, so nothing turns red.
    if (error.code === 'TOTP_REQUIRED') return { ok: false as const, totpRequired: true };
    const field = FIELD_OF_CODE[error.code];
    return {
      ok: false as const,
      totpRequired: values.totp !== undefined,
      error: field ? new ApiError(error.status, error.code, error.message, { [field]: error.message }) : error,
    };
  }
  forgetStaff();
  return redirect(safeNext(new URL(request.url).searchParams.get('next')));
}

export default function SignIn() {
  const result = useActionData<typeof clientAction>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  useServerErrors(form, result);

  // Asked for once the password is right; kept until the sign-in succeeds.
  const needsCode = result?.ok === false && result.totpRequired;

  return (
    <main className="sign-in">
      <div className="sign-in__card">
        <p className="shell__brand">
          Piste <span>admin</span>
        </p>
        <h1 className="sign-in__title">Sign in to the back office</h1>
        <Form
          form={form}
          aria-label="Sign in"
          onSubmit={(values) =>
            submit(values, { method: 'post', encType: 'application/json', action: `/sign-in?${searchParams}` })
          }
        >
          <TextField name="email" label="Email" type="email" autoComplete="username" required autoFocus />
          <TextField name="password" label="Password" type="password" autoComplete="current-password" required />
          {needsCode && (
            <TextField
              name="totp"
              label="6-digit code"
              hint="From the authenticator app you set up for this account."
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              autoFocus
            />
          )}
          <button type="submit" className="button button--primary button--block" disabled={navigation.state !== 'idle'}>
            {navigation.state === 'submitting' ? 'Signing in…' : 'Sign in'}
          </button>
        </Form>
      </div>
    </main>
  );
}

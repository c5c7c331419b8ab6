import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { changeOwnPasswordBody, disableTotpBody, type ChangeOwnPasswordBody, type StaffViewData } from '@piste/admin';
import type { z } from 'zod';
import type { Route } from './+types/account-index';
import { RoleBadge } from '../staff/staff-format';
import { applyServerErrors, Form, TextField } from '~/components/form';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api, isApiError } from '~/lib/api';
import { requirePermission } from '~/lib/session';
import styles from './account.module.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('dashboard:read', request.signal);
  return api.get<{ staff: StaffViewData }>('/account', { signal: request.signal });
}

type CodeValues = z.infer<typeof disableTotpBody>;

/** Needs the current password; signs out this account's other sessions. */
function ChangePassword() {
  const form = useForm<ChangeOwnPasswordBody>({
    resolver: zodResolver(changeOwnPasswordBody),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const change = async (values: ChangeOwnPasswordBody) => {
    try {
      await api.put('/account/password', values);
      toast.success('Password changed. Your other sessions were signed out.');
      form.reset();
    } catch (error) {
      if (!isApiError(error)) throw error;
      applyServerErrors(form, error);
    }
  };
  return (
    <Panel title="Password">
      <Form form={form} aria-label="Change your password" onSubmit={change}>
        <TextField
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
        />
        <TextField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters, and not a common one."
          required
        />
        <div className="form-actions">
          <button className="button button--primary" type="submit" disabled={form.formState.isSubmitting}>
            Change password
          </button>
        </div>
      </Form>
    </Panel>
  );
}

/** Setting up: the app reads the otpauth URI (or the secret typed in), then a code proves it holds it. */
function TotpSetup({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<{ uri: string; secret: string } | null>(null);
  const form = useForm<CodeValues>({ resolver: zodResolver(disableTotpBody), defaultValues: { code: '' } });
  const start = async () => {
    try {
      setSetup(await api.post<{ uri: string; secret: string }>('/account/totp'));
    } catch (error) {
      if (!isApiError(error)) throw error;
      toast.error(error.message);
    }
  };
  const confirm = async ({ code }: CodeValues) => {
    try {
      await api.post('/account/totp/confirm', { secret: setup!.secret, code });
      toast.success('Two-factor sign-in is on: the next sign-in asks for a code.');
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      applyServerErrors(form, error);
    }
  };
  if (!setup) {
    return (
      <>
        <p>
          Sign-in asks only for your password. Add a code from an authenticator app (1Password, Google Authenticator,
          …).
        </p>
        <div className="form-actions">
          <button type="button" className="button button--primary" onClick={start}>
            Set up two-factor sign-in
          </button>
        </div>
      </>
    );
  }
  return (
    <div className="stack">
      <ol className={styles.steps}>
        <li>
          In your authenticator app, add an account from this link (paste it, or type the secret by hand):
          <dl className="details">
            <dt>Link</dt>
            <dd>
              <code className={styles.secret}>{setup.uri}</code>
            </dd>
            <dt>Secret</dt>
            <dd>
              <code className={styles.secret}>{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
            </dd>
          </dl>
        </li>
        <li>Enter the 6-digit code the app shows now.</li>
      </ol>
      <Form form={form} aria-label="Confirm two-factor sign-in" onSubmit={confirm}>
        <TextField
          name="code"
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
        />
        <div className="form-actions">
          <button className="button button--primary" type="submit" disabled={form.formState.isSubmitting}>
            Turn on
          </button>
          <button type="button" className="button button--quiet" onClick={() => setSetup(null)}>
            Cancel
          </button>
        </div>
      </Form>
    </div>
  );
}

/** Turning it off needs a current code, so a session left open is not enough. */
function TotpOff({ onDone }: { onDone: () => void }) {
  const form = useForm<CodeValues>({ resolver: zodResolver(disableTotpBody), defaultValues: { code: '' } });
  const turnOff = async (values: CodeValues) => {
    try {
      await api.delete('/account/totp', values);
      toast.success('Two-factor sign-in is off.');
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      applyServerErrors(form, error);
    }
  };
  return (
    <>
      <p>Sign-in asks for your password and a code from your authenticator app.</p>
      <Form form={form} aria-label="Turn off two-factor sign-in" onSubmit={turnOff}>
        <TextField
          name="code"
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
        />
        <div className="form-actions">
          <button className="button button--danger" type="submit" disabled={form.formState.isSubmitting}>
            Turn off
          </button>
        </div>
      </Form>
    </>
  );
}

export default function AccountIndex({ loaderData }: Route.ComponentProps) {
  const me = loaderData.staff;
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  return (
    <>
      <PageHeader
        title="My account"
        description={
          <>
            {me.name} · {me.email} · <RoleBadge role={me.role} />
          </>
        }
      />
      <div className="grid-2">
        <ChangePassword />
        <Panel title="Two-factor sign-in">
          {me.totpEnabled ? <TotpOff onDone={reload} /> : <TotpSetup key={me.version} onDone={reload} />}
        </Panel>
      </div>
    </>
  );
}

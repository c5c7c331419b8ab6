import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { createStaffBody, resetStaffPasswordBody, type StaffViewData } from '@piste/admin';
import type { z } from 'zod';
import type { Route } from './+types/staff-detail';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { ConflictNotice } from '~/components/conflict-notice';
import { applyServerErrors, Form, SelectField, TextField } from '~/components/form';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api, isApiError } from '~/lib/api';
import { requirePermission, useStaff } from '~/lib/session';
import { formatTime, ROLE_LABELS, ROLE_OPTIONS, RoleBadge, StatusBadge } from './staff-format';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requirePermission('staff:manage', request.signal);
  if (!/^\d+$/.test(params.staffId)) throw new Response('No such staff member', { status: 404 });
  return api.get<{ staff: StaffViewData }>(`/staff/${params.staffId}`, { signal: request.signal });
}

const editSchema = createStaffBody.pick({ name: true, role: true });
type EditValues = z.infer<typeof editSchema>;
type PasswordValues = z.infer<typeof resetStaffPasswordBody>;

/** Name and role, saved with the version loaded: a stale save shows the other owner's change. */
function EditDetails({ member, onSaved }: { member: StaffViewData; onSaved: () => void }) {
  const [conflict, setConflict] = useState<StaffViewData | null>(null);
  const form = useForm<EditValues>({
    resolver: zodResolver(editSchema),
    defaultValues: { name: member.name, role: member.role },
  });
  const save = async (values: EditValues) => {
    try {
      await api.patch(`/staff/${member.id}`, { version: member.version, ...values });
      toast.success('Saved');
      onSaved();
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.isConflict) setConflict(error.current as StaffViewData);
      else applyServerErrors(form, error);
    }
  };
  return (
    <Panel title="Details">
      {conflict && (
        <ConflictNotice
          current={conflict}
          yours={form.getValues()}
          fields={[
            { key: 'name', label: 'Name' },
            { key: 'role', label: 'Role', format: (role) => ROLE_LABELS[role as StaffViewData['role']] },
            { key: 'disabled', label: 'Disabled' },
          ]}
          onLoadTheirs={onSaved}
        />
      )}
      <Form form={form} aria-label="Staff member details" onSubmit={save}>
        <TextField name="name" label="Name" required />
        <SelectField name="role" label="Role" options={ROLE_OPTIONS} required />
        <div className="form-actions">
          <button className="button button--primary" type="submit" disabled={form.formState.isSubmitting}>
            Save
          </button>
        </div>
      </Form>
    </Panel>
  );
}

/** Disabling ends their sessions at once; the last active owner cannot be disabled. */
function Access({ member, isSelf, onChanged }: { member: StaffViewData; isSelf: boolean; onChanged: () => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const change = async () => {
    setBusy(true);
    try {
      await api.put(`/staff/${member.id}/disabled`, { version: member.version, disabled: !member.disabled });
      toast.success(
        member.disabled ? `${member.name} can sign in again.` : `${member.name} is signed out and cannot sign in.`,
      );
    } catch (error) {
      if (!isApiError(error)) throw error;
      toast.error(error.isConflict ? 'Someone changed this account meanwhile: look again, then retry.' : error.message);
    } finally {
      setBusy(false);
      setAsking(false);
      onChanged();
    }
  };
  return (
    <Panel title="Access">
      <dl className="details">
        <dt>Status</dt>
        <dd>
          <StatusBadge disabled={member.disabled} />
        </dd>
        <dt>Two-factor sign-in</dt>
        <dd>{member.totpEnabled ? 'On' : 'Off'}</dd>
        <dt>Last sign-in</dt>
        <dd>{formatTime(member.lastSignInAt)}</dd>
        <dt>Account created</dt>
        <dd>{formatTime(member.createdAt)}</dd>
      </dl>
      <div className="form-actions">
        <button
          type="button"
          className={member.disabled ? 'button' : 'button button--danger'}
          onClick={() => setAsking(true)}
        >
          {member.disabled ? 'Enable account' : 'Disable account'}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title={member.disabled ? `Enable ${member.name}?` : `Disable ${member.name}?`}
        confirmLabel={member.disabled ? 'Enable' : 'Disable'}
        danger={!member.disabled}
        busy={busy}
        onConfirm={change}
        onCancel={() => setAsking(false)}
      >
        {member.disabled
          ? 'They can sign in again with their password.'
          : isSelf
            ? 'You will be signed out at once and cannot sign in again until another owner enables you.'
            : 'They are signed out at once and cannot sign in. Their changes stay in the audit log.'}
      </ConfirmDialog>
    </Panel>
  );
}

/** For someone who forgot their password: they are signed out everywhere. */
function ResetPassword({ member }: { member: StaffViewData }) {
  const form = useForm<PasswordValues>({
    resolver: zodResolver(resetStaffPasswordBody),
    defaultValues: { password: '' },
  });
  const reset = async (values: PasswordValues) => {
    try {
      await api.post(`/staff/${member.id}/password`, values);
      toast.success(`New password set; ${member.name} was signed out everywhere.`);
      form.reset({ password: '' });
    } catch (error) {
      if (!isApiError(error)) throw error;
      applyServerErrors(form, error);
    }
  };
  return (
    <Panel title="Reset password">
      <Form form={form} aria-label="Reset password" onSubmit={reset}>
        <TextField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters, and not a common one. Tell them in person."
          required
        />
        <div className="form-actions">
          <button className="button" type="submit" disabled={form.formState.isSubmitting}>
            Set new password
          </button>
        </div>
      </Form>
    </Panel>
  );
}

export default function StaffDetail({ loaderData }: Route.ComponentProps) {
  const member = loaderData.staff;
  const me = useStaff();
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  return (
    <>
      <PageHeader
        title={member.name}
        description={
          <>
            {member.email} · <RoleBadge role={member.role} /> {member.id === me.id && <strong>(you)</strong>}
          </>
        }
        back={{ to: '/staff', label: 'Staff' }}
      />
      <div className="grid-2">
        <EditDetails key={member.version} member={member} onSaved={reload} />
        <div className="stack">
          <Access member={member} isSelf={member.id === me.id} onChanged={reload} />
          <ResetPassword member={member} />
        </div>
      </div>
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { redirect, useActionData, useNavigation, useSubmit } from 'react-router';
import { createStaffBody, type CreateStaffBody, type StaffViewData } from '@piste/admin';
import type { Route } from './+types/staff-new';
import { attempt, Form, SelectField, TextField, useServerErrors } from '~/components/form';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api } from '~/lib/api';
import { requirePermission } from '~/lib/session';
import { ROLE_OPTIONS } from './staff-format';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('staff:manage', request.signal);
  return null;
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const values = (await request.json()) as CreateStaffBody;
  const result = await attempt(() => api.post<{ staff: StaffViewData }>('/staff', values));
  if (!result.ok) return result;
  toast.success(`${result.data.staff.name} can now sign in as ${result.data.staff.role}.`);
  return redirect('/staff');
}

export default function StaffNew() {
  const result = useActionData<typeof clientAction>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useForm<CreateStaffBody>({
    resolver: zodResolver(createStaffBody),
    defaultValues: { email: '', name: '', password: '' },
  });
  useServerErrors(form, result);

  return (
    <>
      <PageHeader
        title="New staff member"
        description="They sign in with this email and password, and can change the password under My account."
        back={{ to: '/staff', label: 'Staff' }}
      />
      <Panel>
        <Form
          form={form}
          aria-label="New staff member"
          onSubmit={(values) => submit(values, { method: 'post', encType: 'application/json' })}
        >
          <TextField name="name" label="Name" autoComplete="off" required />
          <TextField name="email" label="Email" type="email" autoComplete="off" required />
          <SelectField name="role" label="Role" options={ROLE_OPTIONS} placeholder="Choose a role" required />
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="Their first password: at least 10 characters, and not a common one. Give it to them in person; they can change it under My account."
            required
          />
          <div className="form-actions">
            <button className="button button--primary" type="submit" disabled={navigation.state !== 'idle'}>
              {navigation.state === 'submitting' ? 'Creating…' : 'Create account'}
            </button>
          </div>
        </Form>
      </Panel>
    </>
  );
}

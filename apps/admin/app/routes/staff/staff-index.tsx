import { Link } from 'react-router';
import type { StaffViewData } from '@piste/admin';
import type { Route } from './+types/staff-index';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { api } from '~/lib/api';
import { requirePermission } from '~/lib/session';
import { formatTime, RoleBadge, StatusBadge } from './staff-format';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('staff:manage', request.signal);
  return api.get<{ staff: StaffViewData[] }>('/staff', { signal: request.signal });
}

export default function StaffIndex({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who may use the back office, and with which role."
        actions={
          <Link className="button button--primary" to="/staff/new">
            New staff member
          </Link>
        }
      />
      <Panel>
        <div className="data-table__scroll">
          <table className="table">
            <caption className="visually-hidden">Staff accounts</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Two-factor</th>
                <th scope="col">Last sign-in</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.staff.map((member) => (
                <tr key={member.id}>
                  <td>
                    <Link to={`/staff/${member.id}`}>{member.name}</Link>
                  </td>
                  <td>{member.email}</td>
                  <td>
                    <RoleBadge role={member.role} />
                  </td>
                  <td>
                    <StatusBadge disabled={member.disabled} />
                  </td>
                  <td>{member.totpEnabled ? 'On' : <span className="muted">Off</span>}</td>
                  <td className="number">{formatTime(member.lastSignInAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
    </>
  );
}

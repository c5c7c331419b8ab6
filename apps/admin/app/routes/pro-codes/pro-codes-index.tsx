import { Link } from 'react-router';
import type { ProCodeList } from '@piste/admin';
import type { Route } from './+types/pro-codes-index';
import { formatMoney } from '~/components/money';
import { PageHeader } from '~/components/page-header';
import { EmptyState, Panel } from '~/components/states';
import { api } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { shortDate } from '../customers/customer-view';
import { PRO_REGIONS, ProCodeStateBadge, regionLabel, usesText } from './pro-code-view';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('pro-codes:read', request.signal);
  return api.get<ProCodeList>('/pro-codes', { signal: request.signal });
}

export default function ProCodesIndex({ loaderData }: Route.ComponentProps) {
  const can = useCan();
  const { proCodes } = loaderData;
  return (
    <>
      <PageHeader
        title="Pro codes"
        description="Codes that make a customer a pro, and who used them."
        actions={
          can('pro-codes:write') && (
            <Link className="button button--primary" to="/pro-codes/new">
              New pro code
            </Link>
          )
        }
      />
      <Panel>
        {proCodes.length === 0 ? (
          <EmptyState title="No pro codes yet" />
        ) : (
          <div className="data-table__scroll">
            <table className="table">
              <caption className="visually-hidden">Pro codes</caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Region</th>
                  <th scope="col">Group</th>
                  <th scope="col" className="number">
                    Spend limit
                  </th>
                  <th scope="col">Pro until</th>
                  <th scope="col">Sign-ups until</th>
                  <th scope="col" className="number">
                    Uses
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {proCodes.map((code) => (
                  <tr key={code.code}>
                    <td>
                      <Link to={`/pro-codes/${encodeURIComponent(code.code)}`}>
                        <code>{code.code}</code>
                      </Link>
                    </td>
                    <td>{regionLabel(code.region)}</td>
                    <td>{code.groupName ?? code.customerGroupId}</td>
                    <td className="number">
                      {formatMoney(code.spendLimit * 100, PRO_REGIONS[code.region]?.currency ?? 'USD')}
                    </td>
                    <td>{shortDate(code.proExpiresAt)}</td>
                    <td>{code.validUntil ? shortDate(code.validUntil) : 'No end'}</td>
                    <td className="number">{usesText(code)}</td>
                    <td>
                      <ProCodeStateBadge state={code.state} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </>
  );
}

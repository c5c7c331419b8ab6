import { Link } from 'react-router';
import type { ContentTypeSummary } from '@piste/admin';
import type { Route } from './+types/content-index';
import { Badge } from '~/components/badge';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { api } from '~/lib/api';
import { requirePermission } from '~/lib/session';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('content:read', request.signal);
  return api.get<{ items: ContentTypeSummary[] }>('/content/types', { signal: request.signal });
}

/** Every content type of the embedded content service, with its number of entries. */
export default function ContentIndex({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Content"
        description="Pages, blog posts, banners and texts, per locale: draft, preview, publish."
      />
      <Panel>
        <table className="table">
          <caption className="visually-hidden">Content types</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Description</th>
              <th scope="col" className="number">
                Entries
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.items.map((type) => (
              <tr key={type.uid}>
                <td>
                  <Link to={`/content/${type.uid}`}>{type.title}</Link>{' '}
                  {type.isPage && <Badge tone="info">page{type.urlPrefix ? ` ${type.urlPrefix}` : ''}</Badge>}{' '}
                  {type.singleton && <Badge>single</Badge>}
                </td>
                <td className="muted">{type.description}</td>
                <td className="number">{type.entryCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
    </>
  );
}

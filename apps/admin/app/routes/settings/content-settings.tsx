import { Link } from 'react-router';
import { CONTENT_SETTINGS } from '@piste/admin';
import { Panel } from '~/components/states';
import { useCan } from '~/lib/session';
import { useSettingsOverview } from './settings-data';

const WHAT_EACH_HOLDS: Record<(typeof CONTENT_SETTINGS)[number]['contentType'], string> = {
  brand_settings: 'The logo, colours, social links and the texts of the brand, per locale.',
  display_text: 'The small texts of the shop (buttons, labels, notices), per locale.',
  redirect: 'Old addresses and where they lead now (301 or 302).',
};

/**
 * Brand settings, display texts and redirects are content entries: the content editor edits
 * them, with drafts, preview, versions and rollback. This tab says so and links there.
 */
export default function ContentSettings() {
  const can = useCan();
  const { commerceSettings } = useSettingsOverview();
  return (
    <div className="stack">
      {!commerceSettings && (
        <Panel title="Shipping, tax and the store">
          <p>
            BigCommerce keeps this shop&rsquo;s commerce: edit shipping zones, tax and the store settings in
            BigCommerce&rsquo;s control panel. Changes reach the shop through its webhooks.
          </p>
        </Panel>
      )}
      <Panel title="Kept as content">
        <p className="muted">
          These settings are content entries, edited in the content editor with drafts, preview, versions and rollback.
        </p>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Setting</th>
              <th scope="col">What it holds</th>
              <th scope="col">
                <span className="visually-hidden">Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {CONTENT_SETTINGS.map(({ contentType, label }) => (
              <tr key={contentType}>
                <th scope="row">{label}</th>
                <td>{WHAT_EACH_HOLDS[contentType]}</td>
                <td>
                  {can('content:read') ? (
                    <Link to={`/content/${contentType}`}>Open in the content editor</Link>
                  ) : (
                    <span className="muted">Your role cannot open content.</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
    </div>
  );
}

import type { ProState } from '@piste/admin';
import { Badge } from '~/components/badge';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `2026-11-27T…` → `27 Nov 2026` (UTC, as the API's dates are). */
export function shortDate(iso: string | null): string {
  return iso ? DATE.format(new Date(iso)) : '—';
}

/** A customer's pro standing: the code they hold, and whether it still makes them pro. */
export function ProStateBadge({ state, code }: { state: ProState; code: string | null }) {
  if (state === 'none') return <span className="muted">—</span>;
  return (
    <span className="row">
      <Badge tone={state === 'active' ? 'success' : 'warning'}>{state === 'active' ? 'Pro' : 'Expired'}</Badge>
      {code && <code>{code}</code>}
    </span>
  );
}

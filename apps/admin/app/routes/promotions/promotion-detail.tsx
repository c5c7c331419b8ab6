import { useState } from 'react';
import { redirect, useFetcher, useRevalidator, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { PromotionChoices, PromotionDeleted, PromotionView } from '@piste/admin';
import type { Route } from './+types/promotion-detail';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { attempt } from '~/components/form';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { shortDate } from '../customers/customer-view';
import { PromotionForm, type PromotionBody } from './promotion-form';
import { offerText, PromotionStatusBadge, usesText } from './promotion-view';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requirePermission('promotions:read', request.signal);
  const [{ promotion }, choices] = await Promise.all([
    api.get<{ promotion: PromotionView }>(`/promotions/${encodeURIComponent(params.id)}`, { signal: request.signal }),
    api.get<PromotionChoices>('/promotions/choices', { signal: request.signal }),
  ]);
  return { promotion, choices };
}

/** What the page's form and buttons send its action. */
export type PromotionIntent =
  | { intent: 'save'; body: PromotionBody & { version: number } }
  | { intent: 'enable' | 'disable' | 'delete'; version: number };

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const command = (await request.json()) as PromotionIntent;
  const path = `/promotions/${encodeURIComponent(params.id)}`;
  if (command.intent === 'save') {
    const result = await attempt(() => api.put<{ promotion: PromotionView }>(path, command.body));
    if (result.ok) toast.success('Promotion saved');
    return { intent: command.intent, ...result };
  }
  if (command.intent === 'delete') {
    const result = await attempt(() => api.delete<PromotionDeleted>(`${path}?version=${command.version}`));
    if (!result.ok) {
      toast.error(result.error.message);
      return { intent: command.intent, ...result };
    }
    if (result.data.deleted) {
      toast.success('Promotion deleted');
      return redirect('/promotions');
    }
    toast.info('Orders have used this promotion, so it is kept for them and disabled instead.');
    return { intent: command.intent, ...result };
  }
  const result = await attempt(() =>
    api.post<{ promotion: PromotionView }>(`${path}/${command.intent}`, { version: command.version }),
  );
  if (result.ok) toast.success(command.intent === 'enable' ? 'Promotion enabled' : 'Promotion disabled');
  else toast.error(result.error.message);
  return { intent: command.intent, ...result };
}

/** A refused change leaves the page as it is: the form keeps the user's values beside the refusal. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && (actionResult as { ok?: boolean }).ok === false) return false;
  return defaultShouldRevalidate;
}

export default function PromotionDetail({ loaderData }: Route.ComponentProps) {
  const { promotion, choices } = loaderData;
  const writable = useCan()('promotions:write');
  const revalidator = useRevalidator();
  const saver = useFetcher<typeof clientAction>();
  const switcher = useFetcher<typeof clientAction>();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const saved = saver.data && saver.data.intent === 'save' ? saver.data : undefined;
  const send = (fetcher: typeof saver, command: PromotionIntent) =>
    fetcher.submit(command, { method: 'post', encType: 'application/json' });
  const redeemed = promotion.timesUsed > 0 || promotion.redemptions > 0;

  return (
    <>
      <PageHeader
        title={promotion.name}
        description={
          <span className="row">
            <PromotionStatusBadge promotion={promotion} />{' '}
            {promotion.code ? <code>{promotion.code}</code> : 'Automatic'} · {offerText(promotion)} · used{' '}
            {usesText(promotion)}
          </span>
        }
        back={{ to: '/promotions', label: 'Promotions' }}
        actions={
          writable && (
            <>
              <button
                type="button"
                className="button"
                disabled={switcher.state !== 'idle'}
                onClick={() =>
                  send(switcher, { intent: promotion.enabled ? 'disable' : 'enable', version: promotion.version })
                }
              >
                {promotion.enabled ? 'Disable' : 'Enable'}
              </button>
              <button type="button" className="button button--danger" onClick={() => setConfirmingDelete(true)}>
                Delete…
              </button>
            </>
          )
        }
      />
      <Panel title="Use">
        <dl className="details">
          <dt>Orders that used it</dt>
          <dd>{usesText(promotion)}</dd>
          <dt>Redemptions recorded</dt>
          <dd>{promotion.redemptions}</dd>
          <dt>Limit per customer</dt>
          <dd>{promotion.perCustomerLimit ?? 'No limit'}</dd>
          <dt>Created</dt>
          <dd>{shortDate(promotion.createdAt)}</dd>
          <dt>Last changed</dt>
          <dd>{shortDate(promotion.updatedAt)}</dd>
        </dl>
      </Panel>
      <Panel title={writable ? 'Edit' : 'Terms'}>
        <PromotionForm
          key={promotion.version}
          choices={choices}
          promotion={promotion}
          result={saved}
          busy={saver.state !== 'idle'}
          readOnly={!writable}
          submitLabel="Save promotion"
          onSubmit={(body) => send(saver, { intent: 'save', body: { ...body, version: promotion.version } })}
          onLoadTheirs={() => void revalidator.revalidate()}
        />
      </Panel>
      <ConfirmDialog
        open={confirmingDelete}
        danger
        title={redeemed ? `Disable ${promotion.name}?` : `Delete ${promotion.name}?`}
        confirmLabel={redeemed ? 'Disable it' : 'Delete'}
        busy={switcher.state !== 'idle'}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          send(switcher, { intent: 'delete', version: promotion.version });
          setConfirmingDelete(false);
        }}
      >
        <p>
          {redeemed
            ? `Orders have used it ${promotion.timesUsed} time(s): it stays for them, disabled, and no cart gets it again.`
            : 'Nobody has used it yet: it is removed, and carts holding its code lose it at their next look.'}
        </p>
      </ConfirmDialog>
    </>
  );
}

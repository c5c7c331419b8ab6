import { redirect, useActionData, useNavigation, useSubmit } from 'react-router';
import type { PromotionChoices, PromotionView } from '@piste/admin';
import type { Route } from './+types/promotion-new';
import { attempt } from '~/components/form';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api } from '~/lib/api';
import { requirePermission } from '~/lib/session';
import { PromotionForm, type PromotionBody } from './promotion-form';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('promotions:write', request.signal);
  return api.get<PromotionChoices>('/promotions/choices', { signal: request.signal });
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = (await request.json()) as PromotionBody;
  const result = await attempt(() => api.post<{ promotion: PromotionView }>('/promotions', body));
  if (!result.ok) return result;
  toast.success(`Promotion ${result.data.promotion.name} created`);
  return redirect(`/promotions/${result.data.promotion.id}`);
}

export default function NewPromotion({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof clientAction>();
  const submit = useSubmit();
  const busy = useNavigation().state !== 'idle';
  return (
    <>
      <PageHeader
        title="New promotion"
        description="A coupon code shoppers type at the cart, or an automatic discount when the code is left empty."
        back={{ to: '/promotions', label: 'Promotions' }}
      />
      <Panel>
        <PromotionForm
          choices={loaderData}
          result={result}
          busy={busy}
          submitLabel="Create promotion"
          onSubmit={(body) => submit(body, { method: 'post', encType: 'application/json' })}
        />
      </Panel>
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef } from 'react';
import { useForm, useFormContext } from 'react-hook-form';
import { useActionData, useNavigation, useSubmit, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { ProductDetail } from '@piste/admin';
import type { Route } from './+types/product-editor';
import { ConflictNotice } from '~/components/conflict-notice';
import {
  attempt,
  CheckboxField,
  FieldRow,
  Form,
  MoneyField,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
  useServerErrors,
} from '~/components/form';
import { formatMoney } from '~/components/money';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { formValuesOf, patchOf, productFormSchema, type ProductFormValues } from './product-form';
import { StockPanel, type StockAdjustment } from './stock-panel';

interface CategoryNode {
  id: number;
  path: string;
  isVisible: boolean;
  children: CategoryNode[];
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requirePermission('catalogue:read', request.signal);
  const id = Number(params.productId);
  if (!Number.isInteger(id) || id <= 0) throw new Response('No such product', { status: 404 });
  const [product, history, tree, brands] = await Promise.all([
    api.get<ProductDetail>(`/products/${id}`, { signal: request.signal }),
    api.get<{ adjustments: StockAdjustment[] }>(`/products/${id}/stock-history`, { signal: request.signal }),
    api.get<{ categories: CategoryNode[] }>('/categories', { signal: request.signal }),
    api.get<{ brands: { id: number; name: string }[] }>('/brands', { signal: request.signal }),
  ]);
  const flatten = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);
  return { product, history: history.adjustments, categories: flatten(tree.categories), brands: brands.brands };
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  await requirePermission('catalogue:write');
  const body = (await request.json()) as { intent: 'save' | 'stock' } & Record<string, unknown>;
  const { intent, ...payload } = body;
  if (intent === 'stock') {
    const result = await attempt(() => api.post<{ level: number }>(`/products/${params.productId}/stock`, payload));
    if (result.ok) toast.success(`Stock is now ${result.data.level}.`);
    return { intent, ...result };
  }
  const result = await attempt(() =>
    api.patch<ProductDetail>(`/products/${params.productId}`, patchOf(payload as unknown as ProductFormValues)),
  );
  if (result.ok) toast.success('Product saved.');
  return { intent, ...result };
}

/** A refused save keeps the page as it was, so the conflict shows the user's values beside theirs. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as { ok?: boolean } | undefined)?.ok === false) return false;
  return defaultShouldRevalidate;
}

/** The prices grid: a row per variant, per price list its price, sale and retail price. */
function PricesGrid({ product, disabled }: { product: ProductDetail; disabled: boolean }) {
  return (
    <div className="stack">
      {product.variants.map((variant, variantIndex) => (
        <fieldset key={variant.id} className="field">
          <legend className="field__label">
            {variant.sku} — {variant.optionLabels.join(', ')}
          </legend>
          {product.priceLists.map((list, priceIndex) => (
            <FieldRow key={list.regionId}>
              <MoneyField
                name={`variants.${variantIndex}.prices.${priceIndex}.price`}
                label={`Price (${list.regionId})`}
                currency={list.currencyCode}
                disabled={disabled}
                required
              />
              <MoneyField
                name={`variants.${variantIndex}.prices.${priceIndex}.salePrice`}
                label={`Sale (${list.regionId})`}
                currency={list.currencyCode}
                disabled={disabled}
              />
              <MoneyField
                name={`variants.${variantIndex}.prices.${priceIndex}.retailPrice`}
                label={`Retail (${list.regionId})`}
                currency={list.currencyCode}
                disabled={disabled}
              />
            </FieldRow>
          ))}
          <CheckboxField
            name={`variants.${variantIndex}.purchasingDisabled`}
            label="Purchasing disabled"
            disabled={disabled}
          />
        </fieldset>
      ))}
    </div>
  );
}

function CategoryChecks({ categories, disabled }: { categories: CategoryNode[]; disabled: boolean }) {
  const { register } = useFormContext<ProductFormValues>();
  return (
    <fieldset className="field">
      <legend className="field__label">Categories</legend>
      <div className="grid-2">
        {categories.map((category) => (
          <label key={category.id} className="field__check">
            <input type="checkbox" value={String(category.id)} disabled={disabled} {...register('categoryIds')} />{' '}
            {category.path}
            {!category.isVisible && <span className="muted"> (hidden)</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function ProductEditor({ loaderData }: Route.ComponentProps) {
  const { product, history, categories, brands } = loaderData;
  const can = useCan();
  const canWrite = can('catalogue:write');
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: formValuesOf(product),
  });
  const result = useActionData<typeof clientAction>();
  const saveResult = result?.intent === 'save' ? result : undefined;
  useServerErrors(form, saveResult);
  const submit = useSubmit();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';

  // After a save the loader's product is the truth: the form follows a new version. A stock
  // adjustment reloads the product too, but leaves the version, and so the form's edits, alone.
  const shownVersion = useRef(product.version);
  useEffect(() => {
    if (shownVersion.current === product.version) return;
    shownVersion.current = product.version;
    form.reset(formValuesOf(product));
  }, [form, product]);

  const conflict = saveResult && !saveResult.ok && saveResult.error.isConflict ? saveResult.error : undefined;
  const loadTheirs = useCallback(() => {
    if (conflict) form.reset(formValuesOf(conflict.current as ProductDetail));
  }, [conflict, form]);
  const usPrices = (value: unknown) =>
    (value as ProductDetail['variants'] | ProductFormValues['variants'])
      .map((variant) => {
        const price = variant.prices[0];
        return price ? formatMoney(price.salePrice ?? price.price, product.priceLists[0]?.currencyCode ?? 'USD') : '—';
      })
      .join(', ');

  return (
    <>
      <PageHeader
        title={product.name}
        description={`${product.sku} · version ${product.version}`}
        back={{ to: '/catalogue', label: 'Products' }}
      />
      {conflict && (
        <ConflictNotice
          current={conflict.current as ProductDetail}
          yours={form.getValues() as unknown as Partial<ProductDetail>}
          fields={[
            { key: 'name', label: 'Name' },
            { key: 'description', label: 'Description' },
            { key: 'isVisible', label: 'Visible' },
            { key: 'isNew', label: 'New' },
            { key: 'isRedesigned', label: 'Redesigned' },
            { key: 'sortOrder', label: 'Sort order' },
            { key: 'weightGrams', label: 'Weight (g)' },
            { key: 'variants', label: 'Prices (first list)', format: usPrices },
          ]}
          onLoadTheirs={loadTheirs}
        />
      )}
      <Form
        form={form}
        onSubmit={(values) => submit({ intent: 'save', ...values }, { method: 'post', encType: 'application/json' })}
      >
        <Panel title="Product">
          <TextField name="name" label="Name" required disabled={!canWrite} />
          <TextAreaField name="description" label="Description" rows={6} disabled={!canWrite} />
          <FieldRow>
            <SelectField
              name="brandId"
              label="Brand"
              placeholder="No brand"
              options={brands.map((brand) => ({ value: String(brand.id), label: brand.name }))}
              disabled={!canWrite}
            />
            <NumberField name="weightGrams" label="Weight (g)" min={0} disabled={!canWrite} />
            <NumberField name="sortOrder" label="Sort order" disabled={!canWrite} />
          </FieldRow>
          <FieldRow>
            <CheckboxField name="isVisible" label="Visible in the shop" disabled={!canWrite} />
            <CheckboxField name="isNew" label="New" disabled={!canWrite} />
            <CheckboxField name="isRedesigned" label="Redesigned" disabled={!canWrite} />
          </FieldRow>
          <CategoryChecks categories={categories} disabled={!canWrite} />
        </Panel>
        <Panel title="Prices">
          <PricesGrid product={product} disabled={!canWrite} />
        </Panel>
        {canWrite && (
          <div className="form-actions">
            <button className="button button--primary" type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
          </div>
        )}
      </Form>
      <StockPanel product={product} history={history} canWrite={canWrite} />
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { redirect, useActionData, useNavigation, useSubmit } from 'react-router';
import { z } from 'zod';
import type { PriceList, ProductCreate, ProductDetail } from '@piste/admin';
import type { Route } from './+types/product-new';
import { attempt, FieldRow, Form, MoneyField, TextField, useServerErrors } from '~/components/form';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api } from '~/lib/api';
import { requirePermission } from '~/lib/session';

/** The price lists come with any product; the first one found tells them. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('catalogue:write', request.signal);
  const list = await api.get<{ products: { id: number }[] }>('/products?pageSize=1', { signal: request.signal });
  const first = list.products[0];
  const priceLists = first
    ? (await api.get<ProductDetail>(`/products/${first.id}`, { signal: request.signal })).priceLists
    : [];
  return { priceLists };
}

/** `'Black, White'` → `['Black', 'White']`. */
const labelsOf = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean),
  ),
];

const newProductSchema = z.object({
  name: z.string().trim().min(1, 'Give the name.').max(250),
  sku: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Use letters, digits, dots, dashes and underscores.')
    .max(80),
  colours: z.string().max(2_000, 'At most 2,000 characters.'),
  sizes: z.string().max(2_000, 'At most 2,000 characters.'),
  prices: z.array(z.number('Give a price.').int('Give a price.').positive('Give a price above 0.')),
});
type NewProductValues = z.infer<typeof newProductSchema>;

/** Every colour × size becomes a variant `{SKU}-{n}`, each at the same prices. */
function createOf(values: NewProductValues, priceLists: PriceList[]): ProductCreate {
  const colours = labelsOf(values.colours);
  const sizes = labelsOf(values.sizes);
  const options = [
    ...(colours.length > 0 ? [{ displayName: 'Colour', type: 'swatch' as const, values: colours }] : []),
    ...(sizes.length > 0 ? [{ displayName: 'Size', type: 'rectangles' as const, values: sizes }] : []),
  ];
  const combinations = options.reduce<string[][]>(
    (sofar, option) => sofar.flatMap((labelsSoFar) => option.values.map((label) => [...labelsSoFar, label])),
    [[]],
  );
  return {
    name: values.name,
    sku: values.sku,
    description: '',
    brandId: null,
    weightGrams: 0,
    isVisible: false,
    isNew: false,
    isRedesigned: false,
    categoryIds: [],
    options,
    variants: combinations.map((optionLabels, index) => ({
      sku: `${values.sku}-${String(index + 1).padStart(2, '0')}`,
      optionLabels,
      prices: priceLists.map((list, position) => ({
        regionId: list.regionId,
        price: values.prices[position]!,
        salePrice: null,
        retailPrice: null,
      })),
    })),
  };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  await requirePermission('catalogue:write');
  const body = (await request.json()) as ProductCreate;
  const result = await attempt(() => api.post<ProductDetail>('/products', body));
  if (!result.ok) return result;
  toast.success('Product created. It is hidden until you show it.');
  return redirect(`/catalogue/products/${result.data.id}`);
}

export default function ProductNew({ loaderData }: Route.ComponentProps) {
  const { priceLists } = loaderData;
  const form = useForm<NewProductValues>({
    resolver: zodResolver(newProductSchema),
    defaultValues: { name: '', sku: '', colours: '', sizes: '', prices: priceLists.map(() => Number.NaN) },
  });
  useServerErrors(form, useActionData<typeof clientAction>());
  const submit = useSubmit();
  const saving = useNavigation().state === 'submitting';
  return (
    <>
      <PageHeader title="New product" back={{ to: '/catalogue', label: 'Products' }} />
      <Form
        form={form}
        onSubmit={(values) =>
          submit(createOf(values, priceLists) as never, { method: 'post', encType: 'application/json' })
        }
      >
        <Panel title="Product">
          <FieldRow>
            <TextField name="name" label="Name" required />
            <TextField name="sku" label="SKU" required hint="Variants get SKU-01, SKU-02, …" />
          </FieldRow>
          <FieldRow>
            <TextField name="colours" label="Colours" hint="Separated by commas; empty for none" />
            <TextField name="sizes" label="Sizes" hint="Separated by commas; empty for none" />
          </FieldRow>
        </Panel>
        <Panel title="Price of every variant">
          <FieldRow>
            {priceLists.map((list, index) => (
              <MoneyField
                key={list.regionId}
                name={`prices.${index}`}
                label={`Price (${list.regionId})`}
                currency={list.currencyCode}
                required
              />
            ))}
          </FieldRow>
        </Panel>
        <div className="form-actions">
          <button className="button button--primary" type="submit" disabled={saving}>
            {saving ? 'Creating…' : 'Create product'}
          </button>
        </div>
      </Form>
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { cancelOrderSchema, orderNoteSchema, refundOrderSchema, shipOrderSchema, type OrderDetail } from '@piste/admin';
import {
  applyServerErrors,
  CheckboxField,
  fieldId,
  Form,
  MoneyField,
  SERVER_ERROR,
  TextAreaField,
  TextField,
} from '~/components/form';
import { formatMoney } from '~/components/money';
import { api, ApiError, isApiError } from '~/lib/api';
import { FormDialog } from './form-dialog';
import styles from './orders.module.css';

/** What an action dialog is told: the order, whether it shows, and what to do once the API said yes. */
interface ActionProps {
  order: OrderDetail;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}

const lineQuantities = z.array(
  z.object({
    orderLineId: z.number(),
    quantity: z.number({ error: 'Enter a quantity.' }).int('Enter a whole quantity.').min(0, 'Enter 0 or more.'),
  }),
);
type LineQuantities = z.infer<typeof lineQuantities>;

/**
 * The lines with a quantity, as the API takes them, and where each came from in the form: the
 * API names a refused line by its place in what was sent, the form by its place in the table.
 */
function pickedLines(lines: LineQuantities) {
  const picked: LineQuantities = [];
  const formIndex: number[] = [];
  lines.forEach((line, index) => {
    if (line.quantity <= 0) return;
    picked.push(line);
    formIndex.push(index);
  });
  return { picked, formIndex };
}

/** Sends a change; a refusal lands at the form's fields (`lines.N` renamed to the table's rows). */
async function send<T extends FieldValues>(
  form: UseFormReturn<T>,
  call: () => Promise<unknown>,
  formIndex: number[] = [],
): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    if (!isApiError(error)) throw error;
    const fields = Object.fromEntries(
      Object.entries(error.fields ?? {}).map(([name, message]) => [
        name.replace(/^lines\.(\d+)\./, (_match, index: string) => `lines.${formIndex[Number(index)] ?? index}.`),
        message,
      ]),
    );
    applyServerErrors(form, new ApiError(error.status, error.code, error.message, error.fields && fields));
    return false;
  }
}

const shipFormSchema = shipOrderSchema.pick({ carrier: true, trackingNumber: true }).extend({ lines: lineQuantities });
type ShipForm = z.infer<typeof shipFormSchema>;

/** Ship a parcel: carrier, tracking number, and how many of each line are in it (all that is left, to start). */
export function ShipDialog({ order, open, onClose, onDone }: ActionProps) {
  const toShip = order.lines.filter((line) => line.quantity > line.shipped);
  const form = useForm<ShipForm>({
    resolver: zodResolver(shipFormSchema),
    defaultValues: {
      carrier: '',
      trackingNumber: '',
      lines: toShip.map((line) => ({ orderLineId: line.id, quantity: line.quantity - line.shipped })),
    },
  });
  const submit = async ({ carrier, trackingNumber, lines }: ShipForm) => {
    const { picked, formIndex } = pickedLines(lines);
    if (picked.length === 0) {
      form.setError(SERVER_ERROR as Path<ShipForm>, { message: 'Put at least one item in the parcel.' });
      return;
    }
    const everything = toShip.every((line, index) => lines[index]?.quantity === line.quantity - line.shipped);
    const body = { carrier, trackingNumber, ...(everything ? {} : { lines: picked }) };
    if (await send(form, () => api.post(`/orders/${order.order.id}/ship`, body), formIndex)) {
      form.reset();
      onDone(`Order ${order.order.id} shipped with ${carrier}; the customer has been emailed.`);
    }
  };
  return (
    <FormDialog
      open={open}
      title="Ship order"
      form={form}
      onSubmit={submit}
      submitLabel="Mark shipped"
      onClose={onClose}
    >
      <TextField name="carrier" label="Carrier" required placeholder="UPS, DHL, Canada Post…" />
      <TextField name="trackingNumber" label="Tracking number" required autoComplete="off" />
      <LineQuantityTable
        caption="Items in this parcel"
        lines={toShip.map((line) => ({ ...line, left: line.quantity - line.shipped }))}
        leftLabel="Left to ship"
        form={form}
      />
    </FormDialog>
  );
}

const refundFormSchema = z.object({
  lines: lineQuantities,
  amountMinor: z
    .number({ error: 'Enter an amount such as 12.50.' })
    .int('Enter an amount such as 12.50.')
    .positive('Refund more than nothing.')
    .nullable(),
  reason: refundOrderSchema.shape.reason,
  restock: z.boolean(),
});
type RefundForm = z.infer<typeof refundFormSchema>;

/** Refund lines (their paid share), an amount, or, with neither, everything left to refund. */
export function RefundDialog({ order, open, onClose, onDone }: ActionProps) {
  const currency = order.order.currencyCode;
  const form = useForm<RefundForm>({
    resolver: zodResolver(refundFormSchema),
    defaultValues: {
      lines: order.lines.map((line) => ({ orderLineId: line.id, quantity: 0 })),
      amountMinor: null,
      reason: '',
      restock: false,
    },
  });
  const submit = async ({ lines, amountMinor, reason, restock }: RefundForm) => {
    const { picked, formIndex } = pickedLines(lines);
    const body = {
      reason,
      restock,
      ...(picked.length > 0 && { lines: picked }),
      ...(amountMinor !== null && { amountMinor }),
    };
    if (await send(form, () => api.post(`/orders/${order.order.id}/refunds`, body), formIndex)) {
      form.reset();
      onDone(`Refund of order ${order.order.id} sent to the payment provider.`);
    }
  };
  return (
    <FormDialog open={open} title="Refund" form={form} onSubmit={submit} submitLabel="Refund" onClose={onClose}>
      <p>
        Left to refund: <strong>{formatMoney(order.refundableMinor, currency)}</strong> of{' '}
        {formatMoney(order.order.totalMinor, currency)}.
      </p>
      <LineQuantityTable
        caption="Lines to refund"
        lines={order.lines.map((line) => ({ ...line, left: line.quantity - line.refunded }))}
        leftLabel="Not refunded"
        form={form}
      />
      <MoneyField
        name="amountMinor"
        label="Amount"
        currency={currency}
        hint="Leave empty to refund what the chosen lines were paid; with no lines either, everything left is refunded."
      />
      <TextField name="reason" label="Reason" required />
      <CheckboxField name="restock" label="Put the refunded items back into stock" />
    </FormDialog>
  );
}

/** Cancel an order that has not shipped: restocks it and voids or refunds the payment. */
export function CancelDialog({ order, open, onClose, onDone }: ActionProps) {
  const form = useForm<z.infer<typeof cancelOrderSchema>>({
    resolver: zodResolver(cancelOrderSchema),
    defaultValues: { reason: '' },
  });
  return (
    <FormDialog
      open={open}
      title={`Cancel order ${order.order.id}?`}
      form={form}
      danger
      submitLabel="Cancel order"
      onClose={onClose}
      onSubmit={async (values) => {
        if (await send(form, () => api.post(`/orders/${order.order.id}/cancel`, values))) {
          form.reset();
          onDone(`Order ${order.order.id} cancelled, its items restocked and its payment given back.`);
        }
      }}
    >
      <p>
        Every item goes back into stock and {formatMoney(order.refundableMinor, order.order.currencyCode)} is given back
        to the customer’s card. This cannot be undone.
      </p>
      <TextAreaField name="reason" label="Reason" required rows={3} />
    </FormDialog>
  );
}

/** A staff note, added under the order's notes. */
export function NoteForm({ orderId, onDone }: { orderId: number; onDone: (message: string) => void }) {
  const form = useForm<z.infer<typeof orderNoteSchema>>({
    resolver: zodResolver(orderNoteSchema),
    defaultValues: { body: '' },
  });
  return (
    <Form
      form={form}
      aria-label="Add a note"
      onSubmit={async (values) => {
        if (await send(form, () => api.post(`/orders/${orderId}/notes`, values))) {
          form.reset();
          onDone('Note added.');
        }
      }}
    >
      <TextAreaField name="body" label="New note" hint="Only staff see notes." rows={3} maxLength={2000} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          Add note
        </button>
      </div>
    </Form>
  );
}

/** A quantity input per line, with how many it may still take. */
function LineQuantityTable<T extends { lines: LineQuantities }>({
  caption,
  lines,
  leftLabel,
  form,
}: {
  caption: string;
  lines: (OrderDetail['lines'][number] & { left: number })[];
  leftLabel: string;
  form: UseFormReturn<T>;
}) {
  const errors = form.formState.errors.lines as { quantity?: { message?: string } }[] | undefined;
  return (
    <table className={`table ${styles.lineTable}`}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="number">
            {leftLabel}
          </th>
          <th scope="col" className="number">
            Quantity
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => {
          const name = `lines.${index}.quantity` as Path<T>;
          const error = errors?.[index]?.quantity?.message;
          return (
            <tr key={line.id}>
              <td>
                {line.name}
                <span className="muted"> · {line.sku}</span>
              </td>
              <td className="number">{line.left}</td>
              <td className="number">
                <input
                  className="input input--number"
                  type="number"
                  min={0}
                  max={line.left}
                  aria-label={`Quantity of ${line.name}`}
                  aria-invalid={error ? true : undefined}
                  id={fieldId(name)}
                  {...form.register(name, { valueAsNumber: true })}
                />
                {error && <span className="field__error">{error}</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

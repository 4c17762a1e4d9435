// Suppliers and purchase orders: DRAFT -> APPROVED -> RECEIVED, receiving adding the lines to stock once.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type PurchaseOrderInput,
  PurchaseOrderInputSchema,
  SupplierInputSchema,
} from '@shared/schemas/inventory.ts';
import { DataList } from '@/components/ui/data-list.tsx';
import { LineItems } from '@/components/ui/line-items.tsx';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { AmountField } from '@/components/ui/amount-field.tsx';
import { QUANTITY_DECIMALS, currencyDecimals, formatMoney } from '@/lib/money.ts';
import { validationMessage } from '@/lib/validation-message.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { type PurchaseOrder, type Supplier } from './api/keys.ts';
import { PAGE_SIZE, useProducts } from './api/products.ts';
import {
  useCreatePurchaseOrder,
  usePurchaseOrder,
  usePurchaseOrders,
  useSetOrderStatus,
} from './api/purchase-orders.ts';
import { useSaveSupplier, useSuppliers } from './api/suppliers.ts';
import { notifySaved, submitWrite, notifyError } from '@/lib/feedback.ts';

const useT = () => {
  const intl = useIntl();
  return { intl, t: (id: string) => intl.formatMessage({ id }) };
};

function SupplierDialog({ supplier, onClose }: { supplier?: Supplier; onClose: () => void }) {
  const { intl, t } = useT();
  const save = useSaveSupplier();
  const form = useForm({
    resolver: zodResolver(SupplierInputSchema),
    defaultValues: { name: supplier?.name ?? '', email: supplier?.email ?? '', phone: supplier?.phone ?? '' },
  });
  const { register, handleSubmit, formState } = form;
  const error = (name: 'name' | 'email' | 'phone') =>
    validationMessage(intl, formState.errors[name]?.message);
  return (
    <Dialog title={t(supplier ? 'suppliers.edit' : 'suppliers.add')} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async (input) => {
          const done = await submitWrite(intl, () => save.mutateAsync({ id: supplier?.id, input }), {
            success: supplier ? 'suppliers.updated' : 'suppliers.created',
            form,
          });
          if (!done.ok) return;
          onClose();
        })}
      >
        <TextField label={t('suppliers.name')} maxLength={255} error={error('name')} {...register('name')} />
        <TextField
          label={t('suppliers.email')}
          type="email"
          placeholder={t('suppliers.emailPlaceholder')}
          error={error('email')}
          {...register('email')}
        />
        <TextField
          label={t('suppliers.phone')}
          type="tel"
          placeholder={t('suppliers.phonePlaceholder')}
          error={error('phone')}
          {...register('phone')}
        />
        <FormActions onCancel={onClose} submitLabel={t('suppliers.save')} disabled={formState.isSubmitting} />
      </form>
    </Dialog>
  );
}

export function SuppliersTab() {
  const { t } = useT();
  const canEdit = useCan('supplier.edit');
  const suppliers = useSuppliers();
  const [open, setOpen] = useState<{ supplier?: Supplier } | null>(null);
  const rows = suppliers.data?.rows ?? [];
  return (
    <div className="flex flex-col gap-4">
      {canEdit && (
        <button type="button" className="btn btn-primary min-h-11 self-end" onClick={() => setOpen({})}>
          {t('suppliers.add')}
        </button>
      )}
      {!suppliers.data ? (
        <Loading />
      ) : rows.length === 0 ? (
        <EmptyState title={t('suppliers.empty')} />
      ) : (
        <DataList
          testId="suppliers"
          rows={rows}
          columns={[
            { key: 'name', header: t('suppliers.name'), cell: (s) => s.name, card: 'title' },
            { key: 'email', header: t('suppliers.email'), cell: (s) => s.email, card: 'subtitle' },
            {
              key: 'phone',
              header: t('suppliers.phone'),
              cell: (s) => s.phone,
              nowrap: true,
              card: 'subtitle',
            },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    header: '',
                    cell: (s: Supplier) => (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm min-h-11"
                        aria-label={`${t('inventory.editAction')} ${s.name}`}
                        onClick={() => setOpen({ supplier: s })}
                      >
                        {t('inventory.editAction')}
                      </button>
                    ),
                    card: 'actions' as const,
                  },
                ]
              : []),
          ]}
        />
      )}
      {open && <SupplierDialog supplier={open.supplier} onClose={() => setOpen(null)} />}
    </div>
  );
}

function NewOrderDialog({ suppliers, onClose }: { suppliers: Supplier[]; onClose: () => void }) {
  const { intl, t } = useT();
  const org = useOrganization();
  const create = useCreatePurchaseOrder();
  const products = useProducts({ search: '', offset: 0, limit: 500 }).data?.rows ?? [];
  const emptyLine = { productId: '', quantity: 1 as unknown, unitCost: '' as unknown };
  const { register, handleSubmit, formState, control, setValue } = useForm({
    resolver: zodResolver(PurchaseOrderInputSchema),
    defaultValues: { supplierId: '', expectedAt: '', lines: [emptyLine] },
  });
  const lines = useFieldArray({ control, name: 'lines' });
  const errors = formState.errors;
  const lineError = (i: number, f: 'productId' | 'quantity' | 'unitCost') =>
    validationMessage(intl, errors.lines?.[i]?.[f]?.message);
  const watched = useWatch({ control, name: 'lines' });
  const total = watched.reduce((sum, l) => sum + (Number(l.quantity) || 0) * (Number(l.unitCost) || 0), 0);
  return (
    <Dialog title={t('orders.new')} onClose={onClose} wide>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async (input) => {
          let result: unknown;
          try {
            const order = input as PurchaseOrderInput;
            result = await create.mutateAsync({ ...order, expectedAt: order.expectedAt || null });
          } catch (e) {
            notifyError(intl, e);
            return;
          }
          notifySaved(intl, result, 'orders.created');
          onClose();
        })}
      >
        <SelectField
          label={t('orders.supplier')}
          placeholder={t('orders.selectSupplier')}
          options={suppliers.map((s) => ({ value: s.id, label: s.name }))}
          error={validationMessage(intl, errors.supplierId?.message)}
          {...register('supplierId')}
        />
        <TextField
          label={t('orders.expected')}
          type="date"
          error={validationMessage(intl, errors.expectedAt?.message)}
          {...register('expectedAt')}
        />
        <LineItems
          legend={t('orders.lines')}
          rows={lines.fields}
          gridClassName="grid-cols-2 sm:grid-cols-[2fr_1fr_1fr_auto]"
          renderLine={(i) => (
            <>
              <div className="col-span-2 sm:col-span-1">
                <SelectField
                  id={`line-${i}-product`}
                  label={t('orders.product')}
                  placeholder={t('orders.selectProduct')}
                  options={products.map((p) => ({
                    value: p.id,
                    label: p.sku ? `${p.name} (${p.sku})` : p.name,
                  }))}
                  error={lineError(i, 'productId')}
                  {...register(`lines.${i}.productId`, {
                    onChange: (e: { target: { value: string } }) => {
                      const p = products.find((x) => x.id === e.target.value);
                      if (p) setValue(`lines.${i}.unitCost`, p.cost as unknown);
                    },
                  })}
                />
              </div>
              <AmountField
                id={`line-${i}-quantity`}
                label={t('orders.quantity')}
                control={control}
                name={`lines.${i}.quantity`}
                decimals={QUANTITY_DECIMALS}
                error={lineError(i, 'quantity')}
              />
              <AmountField
                id={`line-${i}-cost`}
                label={t('orders.unitCost')}
                control={control}
                name={`lines.${i}.unitCost`}
                decimals={currencyDecimals(org.currency)}
                currency={org.currency}
                error={lineError(i, 'unitCost')}
              />
            </>
          )}
          onAdd={() => lines.append(emptyLine)}
          onRemove={(i) => lines.remove(i)}
          addLabel={t('orders.addLine')}
          removeLabel={t('orders.removeLine')}
        />
        <p className="text-right font-semibold">
          {t('orders.total')}: {formatMoney(total, org.currency, intl.locale)}
        </p>
        <FormActions onCancel={onClose} submitLabel={t('orders.create')} disabled={formState.isSubmitting} />
      </form>
    </Dialog>
  );
}

function OrderDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { intl, t } = useT();
  const canEdit = useCan('purchaseOrder.edit');
  const order = usePurchaseOrder(id).data;
  const setStatus = useSetOrderStatus();
  const act = async (action: 'approve' | 'receive') => {
    const done = await submitWrite(intl, () => setStatus.mutateAsync({ id, action }), {
      success: action === 'approve' ? 'orders.approved' : 'orders.received',
    });
    if (!done.ok) return;
  };
  return (
    <Dialog title={t('orders.detail')} onClose={onClose} wide>
      {!order ? (
        <Loading />
      ) : (
        <div className="flex flex-col gap-3">
          <p>
            <span className="font-semibold">{order.supplier?.name}</span> ·{' '}
            <OrderBadge status={order.status} />
          </p>
          <ul className="divide-y divide-base-200">
            {order.lines?.map((l) => (
              <li key={l.id} className="flex justify-between gap-2 py-2">
                <span>
                  {l.product.name} × {l.quantity} {l.product.unit}
                </span>
                <span>{formatMoney(l.quantity * l.unitCost, order.currency, intl.locale)}</span>
              </li>
            ))}
          </ul>
          <p className="text-right font-semibold">
            {t('orders.total')}: {formatMoney(order.total, order.currency, intl.locale)}
          </p>
          {canEdit && order.status !== 'RECEIVED' && (
            <button
              type="button"
              className="btn btn-primary min-h-11"
              disabled={setStatus.isPending}
              onClick={() => act(order.status === 'DRAFT' ? 'approve' : 'receive')}
            >
              {t(order.status === 'DRAFT' ? 'orders.approve' : 'orders.receive')}
            </button>
          )}
        </div>
      )}
    </Dialog>
  );
}

const ORDER_STYLE = { DRAFT: 'badge-ghost', APPROVED: 'badge-info', RECEIVED: 'badge-success' } as const;
function OrderBadge({ status }: { status: PurchaseOrder['status'] }) {
  return (
    <span className={`badge badge-sm ${ORDER_STYLE[status]}`}>
      <FormattedMessage id={`orders.status.${status}`} />
    </span>
  );
}

export function OrdersTab() {
  const { intl, t } = useT();
  const canEdit = useCan('purchaseOrder.edit');
  const [offset, setOffset] = useState(0);
  const orders = usePurchaseOrders(offset);
  const suppliers = useSuppliers().data?.rows ?? [];
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = orders.data?.rows ?? [];
  const date = (s: string | null) => s && new Date(s).toLocaleDateString(intl.locale);
  return (
    <div className="flex flex-col gap-4">
      {canEdit && (
        <div className="flex items-center justify-end gap-2">
          {suppliers.length === 0 && <span className="text-sm opacity-70">{t('orders.needSupplier')}</span>}
          <button
            type="button"
            className="btn btn-primary min-h-11"
            disabled={suppliers.length === 0}
            onClick={() => setCreating(true)}
          >
            {t('orders.new')}
          </button>
        </div>
      )}
      {!orders.data ? (
        <Loading />
      ) : rows.length === 0 ? (
        <EmptyState title={t('orders.empty')} />
      ) : (
        <>
          <DataList
            testId="purchase-orders"
            rows={rows}
            open={(o) => ({ onClick: () => setOpenId(o.id) })}
            columns={[
              {
                key: 'supplier',
                header: t('orders.col.supplier'),
                cell: (o) => o.supplier?.name,
                card: 'title',
              },
              {
                key: 'date',
                header: t('orders.col.date'),
                cell: (o) => date(o.createdAt),
                nowrap: true,
                card: 'meta',
              },
              {
                key: 'expected',
                header: t('orders.col.expected'),
                cell: (o) => date(o.expectedAt),
                nowrap: true,
                card: 'meta',
              },
              {
                key: 'total',
                header: t('orders.col.total'),
                cell: (o) => formatMoney(o.total, o.currency, intl.locale),
                align: 'right',
                card: 'amount',
              },
              {
                key: 'status',
                header: t('orders.col.status'),
                cell: (o) => <OrderBadge status={o.status} />,
                card: 'badge',
              },
            ]}
          />
          <Pagination offset={offset} limit={PAGE_SIZE} total={orders.data.total} onChange={setOffset} />
        </>
      )}
      {creating && <NewOrderDialog suppliers={suppliers} onClose={() => setCreating(false)} />}
      {openId && <OrderDialog id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}

// A product's stock explained: its moves (opening, adjustments, receipts, sales, voids) and, for those
// who may, a manual adjustment with a reason.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { type StockAdjustment, StockAdjustmentSchema } from '@shared/schemas/inventory.ts';
import { AmountField } from '@/components/ui/amount-field.tsx';
import { type BelowZero, BelowZeroWarning } from '@/components/ui/below-zero-warning.tsx';
import { DataList } from '@/components/ui/data-list.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { QUANTITY_DECIMALS } from '@/lib/money.ts';
import { validationMessage } from '@/lib/validation-message.ts';
import { useCan } from '@/lib/organization.tsx';
import type { Product } from '@shared/api/products.ts';
import { useAdjustStock, usePendingStock, useProduct, useStockMoves } from './api/products.ts';
import { submitWrite } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';

function AdjustForm({
  product,
  queued,
  onDone,
}: {
  product: Product;
  /** What adjustments waiting on this device add to its stock. */
  queued: number;
  onDone: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const adjust = useAdjustStock();
  const form = useForm({
    resolver: zodResolver(StockAdjustmentSchema),
    defaultValues: { delta: '', note: '' },
  });
  const { register, handleSubmit, formState, control, subscribe } = form;
  const error = (name: 'delta' | 'note') => validationMessage(intl, formState.errors[name]?.message);
  // An adjustment that takes the stock below zero waits for the user to say so.
  const [belowZero, setBelowZero] = useState<{ input: StockAdjustment; items: BelowZero[] } | null>(null);
  useEffect(
    () => subscribe({ formState: { values: true }, callback: () => setBelowZero(null) }),
    [subscribe],
  );
  const save = async (input: StockAdjustment) => {
    const label = t('inventory.adjust.label', {
      product: product.name,
      delta: new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 3, signDisplay: 'always' }).format(
        input.delta,
      ),
      unit: product.unit,
    });
    const done = await submitWrite(intl, () => adjust.mutateAsync({ id: product.id, input, label }), {
      success: 'inventory.adjusted',
      form,
    });
    if (!done.ok) return;
    onDone();
  };
  const onSubmit = handleSubmit(async (input) => {
    const after = Math.round((product.stockOnHand + queued + input.delta) * 1000) / 1000;
    if (input.delta < 0 && after < 0) setBelowZero({ input, items: [{ after }] });
    else await save(input);
  });
  return (
    <form className="flex flex-col gap-3 rounded-box bg-base-200 p-3" noValidate onSubmit={onSubmit}>
      <AmountField
        label={t('inventory.adjust.delta')}
        control={control}
        name="delta"
        decimals={QUANTITY_DECIMALS}
        negative
        placeholder={t('inventory.adjust.deltaPlaceholder')}
        error={error('delta')}
      />
      <TextField
        label={t('inventory.adjust.note')}
        placeholder={t('inventory.adjust.notePlaceholder')}
        maxLength={500}
        error={error('note')}
        {...register('note')}
      />
      {belowZero ? (
        <BelowZeroWarning
          items={belowZero.items}
          pending={formState.isSubmitting || adjust.isPending}
          onConfirm={() => void save(belowZero.input)}
          onBack={() => setBelowZero(null)}
        />
      ) : (
        <button type="submit" className="btn btn-primary min-h-11" disabled={formState.isSubmitting}>
          {t('inventory.adjust.save')}
        </button>
      )}
    </form>
  );
}

export function StockDialog({ product: listed, onClose }: { product: Product; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const product = useProduct(listed.id).data ?? listed;
  const canEdit = useCan('stock.adjust');
  const moves = useStockMoves(product.id);
  const [adjusting, setAdjusting] = useState(false);
  // Adjustments made on this device and not sent yet count at once (the server adds them when it has them).
  const queued = usePendingStock().get(product.id) ?? 0;
  const number = new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 3 });
  return (
    <Dialog title={product.name} onClose={onClose} wide>
      <p className="mb-3" data-testid="on-hand">
        <FormattedMessage
          id="inventory.onHand"
          values={{ stock: number.format(product.stockOnHand + queued), unit: product.unit }}
        />
        {queued !== 0 && (
          <span className="mt-1 block text-sm">
            <span className="badge badge-ghost badge-sm me-1">{t('outbox.pending')}</span>
            {t('inventory.onHandPending', {
              delta: new Intl.NumberFormat(intl.locale, {
                maximumFractionDigits: 3,
                signDisplay: 'always',
              }).format(queued),
              unit: product.unit,
            })}
          </span>
        )}
      </p>
      {canEdit &&
        (adjusting ? (
          <AdjustForm product={product} queued={queued} onDone={() => setAdjusting(false)} />
        ) : (
          <button type="button" className="btn btn-outline min-h-11" onClick={() => setAdjusting(true)}>
            <FormattedMessage id="inventory.adjust" />
          </button>
        ))}
      <h3 className="mt-4 mb-2 font-semibold">
        <FormattedMessage id="inventory.moves.title" />
      </h3>
      {!moves.data ? (
        <Loading />
      ) : moves.data.rows.length === 0 ? (
        <p className="opacity-70">
          <FormattedMessage id="inventory.moves.empty" />
        </p>
      ) : (
        <DataList
          testId="stock-moves"
          rows={moves.data.rows}
          columns={[
            {
              key: 'reason',
              header: t('inventory.moves.reason'),
              cell: (m) => (
                <>
                  {t(`inventory.reason.${m.reason}`)}
                  {m.note && m.reason === 'ADJUSTMENT' && <span className="font-normal"> — {m.note}</span>}
                </>
              ),
              card: 'title',
            },
            {
              key: 'when',
              header: t('inventory.moves.when'),
              cell: (m) => new Date(m.createdAt).toLocaleString(intl.locale),
              nowrap: true,
              card: 'meta',
            },
            {
              key: 'by',
              header: t('inventory.moves.by'),
              cell: (m) => m.author && `${m.author.firstName} ${m.author.lastName}`,
              card: 'meta',
            },
            {
              key: 'change',
              header: t('inventory.moves.change'),
              cell: (m) => (
                <span className={`font-mono ${m.delta < 0 ? 'text-error' : 'text-success'}`}>
                  {m.delta > 0 ? '+' : ''}
                  {number.format(m.delta)}
                </span>
              ),
              align: 'right',
              card: 'amount',
            },
          ]}
        />
      )}
    </Dialog>
  );
}

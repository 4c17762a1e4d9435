// Stock never goes below zero without a word: a change that would (an adjustment, an invoice issued) says
// what the stock will be after it and is saved only when the user confirms (negative stock is allowed:
// docs/product-rules.md).
import { useIntl } from 'react-intl';
import { WarningConfirm } from './warning-confirm.tsx';

export interface BelowZero {
  /** The product, when the change touches several (an invoice's lines). */
  product?: string;
  /** Its stock after the change (below zero). */
  after: number;
}

/** The products whose stock goes below zero: each product's stock minus what the change takes out. */
export function belowZero(
  stock: ReadonlyMap<string, { name: string; stockOnHand: number }>,
  changes: readonly { productId?: string | null; delta: number }[],
): BelowZero[] {
  const after = new Map<string, number>();
  for (const c of changes) {
    const p = c.productId ? stock.get(c.productId) : undefined;
    if (!p || !Number.isFinite(c.delta)) continue;
    after.set(c.productId!, (after.get(c.productId!) ?? p.stockOnHand) + c.delta);
  }
  return [...after]
    .filter(([, n]) => n < 0)
    .map(([id, n]) => ({ product: stock.get(id)!.name, after: Math.round(n * 1000) / 1000 }));
}

export function BelowZeroWarning({
  items,
  pending = false,
  onConfirm,
  onBack,
}: {
  items: readonly BelowZero[];
  pending?: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const stock = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 3 });
  return (
    <WarningConfirm
      items={items.map((item) => ({
        key: item.product ?? '',
        text: item.product
          ? intl.formatMessage(
              { id: 'stockWarning.productAfter' },
              { product: item.product, stock: stock(item.after) },
            )
          : intl.formatMessage({ id: 'stockWarning.after' }, { stock: stock(item.after) }),
      }))}
      question={intl.formatMessage({ id: 'stockWarning.question' })}
      backLabel={intl.formatMessage({ id: 'stockWarning.back' })}
      confirmLabel={intl.formatMessage({ id: 'stockWarning.confirm' })}
      pending={pending}
      onConfirm={onConfirm}
      onBack={onBack}
    />
  );
}

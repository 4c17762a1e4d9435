// Picks a customer by typing part of a name, phone or email (searched in the database), or adds one.
import { useState } from 'react';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { useCustomerList } from './api/customers.ts';
import type { Customer } from '@shared/api/customers.ts';
import { CustomerDialog } from './customer-dialog.tsx';
import { useT } from '@/lib/i18n.tsx';

export function CustomerPicker({
  value,
  onChange,
  error,
  label,
  exclude,
  canAdd = true,
}: {
  value: { id: string; name: string } | null;
  onChange: (c: { id: string; name: string } | null) => void;
  error?: string;
  /** What the customer is for ("Customer" by default; "Customer to keep" when merging). */
  label?: string;
  /** A customer not offered (the one being merged into another). */
  exclude?: string;
  /** Whether a new customer may be added from here. */
  canAdd?: boolean;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const { rows, searchedKept } = useCustomerList(search, 0, 6);
  const found = exclude ? rows.filter((c) => c.id !== exclude) : rows;
  if (value)
    return (
      <div className="flex items-center justify-between gap-2 rounded-box bg-base-200 p-3">
        <span>
          <span className="text-sm opacity-70">{label ?? t('invoices.customer')}: </span>
          <span className="font-medium" data-testid="chosen-customer">
            {value.name}
          </span>
        </span>
        <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => onChange(null)}>
          {t('invoices.changeCustomer')}
        </button>
      </div>
    );
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium">{label ?? t('invoices.customer')}</span>
      <div className="flex gap-2">
        <SearchInput
          label={t('invoices.findCustomer')}
          value={search}
          onChange={setSearch}
          delay={200}
          searchedKept={searchedKept}
        />
        {canAdd && (
          <button type="button" className="btn btn-outline min-h-11" onClick={() => setAdding(true)}>
            {t('invoices.newCustomer')}
          </button>
        )}
      </div>
      <ul className="flex flex-col">
        {found.map((c: Customer) => (
          <li key={c.id}>
            <button
              type="button"
              className="btn btn-ghost btn-sm min-h-11 w-full justify-start"
              onClick={() => onChange({ id: c.id, name: c.name })}
            >
              {c.name}
              {c.phone && <span className="opacity-75"> · {c.phone}</span>}
            </button>
          </li>
        ))}
      </ul>
      {error && <p className="text-sm text-error">{error}</p>}
      {adding && (
        <CustomerDialog
          initialName={search}
          onClose={() => setAdding(false)}
          onSaved={(c) => onChange({ id: c.id, name: c.name })}
        />
      )}
    </div>
  );
}

// Settings > Activity log: the organization's audit trail — who created, changed or deleted what, and when
// (owners, managers and accountants).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { AUDIT_PAGE_SIZE, useAuditLog } from './api/audit.ts';
import { type AuditFilters } from './api/keys.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { useMembers } from '@/lib/api/members.ts';

const ENTITIES = [
  'products',
  'stock_moves',
  'suppliers',
  'purchase_orders',
  'customers',
  'invoices',
  'invoice_items',
  'payments',
  'payment_reversals',
  'credit_notes',
  'refunds',
  'expenses',
  'expense_reversals',
  'leads',
  'lead_notes',
  'memberships',
  'invitations',
  'employees',
  'organizations',
  'business_profiles',
  'invoice_share_tokens',
  'statement_share_tokens',
] as const;

export function ActivityTab() {
  const intl = useIntl();
  const org = useOrganization();
  const [offset, setOffset] = useState(0);
  const [filters, setFilters] = useState<AuditFilters>({ entity: '', actor: '', from: '', to: '' });
  const members = useMembers().data?.rows ?? [];
  const log = useAuditLog(org.id, offset, AUDIT_PAGE_SIZE, filters);
  const t = (id: string, fallback?: string) =>
    id in intl.messages || !fallback ? intl.formatMessage({ id }) : fallback;
  const filter = (key: keyof AuditFilters) => ({
    value: filters[key],
    onChange: (e: { target: { value: string } }) => {
      setFilters((f) => ({ ...f, [key]: e.target.value }));
      setOffset(0);
    },
  });
  const filtered = Object.values(filters).some(Boolean);
  const toolbar = (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="audit-filters">
      <SelectField
        id="audit-entity"
        label={t('audit.filter.entity')}
        placeholder={t('audit.filter.all')}
        options={ENTITIES.map((e) => ({ value: e, label: t(`audit.entities.${e}`) }))}
        {...filter('entity')}
      />
      <SelectField
        id="audit-actor"
        label={t('audit.filter.member')}
        placeholder={t('audit.filter.everyone')}
        options={members.map((m) => ({
          value: m.id,
          label: `${m.user.firstName} ${m.user.lastName}`.trim() || m.user.email,
        }))}
        {...filter('actor')}
      />
      <TextField id="audit-from" type="date" label={t('audit.filter.from')} {...filter('from')} />
      <TextField id="audit-to" type="date" label={t('audit.filter.to')} {...filter('to')} />
    </div>
  );
  // What changed, in words ("amount, date paid"): a column with no words of its own (bookkeeping such
  // as updated_at) is left out rather than shown by its database name.
  const changed = (fields: string[]) =>
    [
      ...new Set(fields.filter((f) => `audit.field.${f}` in intl.messages).map((f) => t(`audit.field.${f}`))),
    ].join(', ');
  if (!log.data) return <Loading />;
  if (!log.data.rows.length)
    return (
      <div className="flex flex-col gap-3">
        {toolbar}
        <EmptyState title={t(filtered ? 'audit.noMatch' : 'audit.empty')} />
      </div>
    );
  return (
    <div className="flex flex-col gap-3">
      {toolbar}
      <ul className="flex flex-col divide-y divide-base-200 text-sm" data-testid="audit-log">
        {log.data.rows.map((e) => (
          <li key={e.id} className="flex flex-col py-2">
            <span>
              <span className="font-medium">{e.actor ?? t('audit.system')}</span> ·{' '}
              {t(`audit.action.${e.action}`)} {t(`audit.entity.${e.entity}`, e.entity)}
              {changed(e.fields) && <span className="opacity-70"> ({changed(e.fields)})</span>}
            </span>
            <span className="text-xs opacity-75">{new Date(e.createdAt).toLocaleString(intl.locale)}</span>
          </li>
        ))}
      </ul>
      <Pagination offset={offset} limit={AUDIT_PAGE_SIZE} total={log.data.total} onChange={setOffset} />
    </div>
  );
}

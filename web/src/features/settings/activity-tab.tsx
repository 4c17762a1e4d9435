// Settings > Activity log: the organization's audit trail — who created, changed or deleted what, and when
// (owners, managers and accountants).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { apiList } from '../../lib/api-client.ts';
import { useOrganization } from '../app/organization.tsx';

interface AuditEntry {
  id: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  entity: string;
  fields: string[];
  actor: string | null;
  createdAt: string;
}

const PAGE = 50;

export function ActivityTab() {
  const intl = useIntl();
  const org = useOrganization();
  const [offset, setOffset] = useState(0);
  const log = useQuery({
    queryKey: ['/api/audit', org.id, offset],
    queryFn: () => apiList<AuditEntry>(`/api/audit?limit=${PAGE}&offset=${offset}`, { orgId: org.id }),
    placeholderData: keepPreviousData,
  });
  const t = (id: string, fallback?: string) =>
    id in intl.messages || !fallback ? intl.formatMessage({ id }) : fallback;
  if (!log.data) return <Loading />;
  if (!log.data.rows.length) return <EmptyState title={t('audit.empty')} />;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col divide-y divide-base-200 text-sm" data-testid="audit-log">
        {log.data.rows.map((e) => (
          <li key={e.id} className="flex flex-col py-2">
            <span>
              <span className="font-medium">{e.actor ?? t('audit.system')}</span> ·{' '}
              {t(`audit.action.${e.action}`)} {t(`audit.entity.${e.entity}`, e.entity)}
              {e.fields.length > 0 && <span className="opacity-70"> ({e.fields.join(', ')})</span>}
            </span>
            <span className="text-xs opacity-60">{new Date(e.createdAt).toLocaleString(intl.locale)}</span>
          </li>
        ))}
      </ul>
      <Pagination offset={offset} limit={PAGE} total={log.data.total} onChange={setOffset} />
    </div>
  );
}

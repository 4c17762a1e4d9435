// /crm: search by name, company, phone or e-mail, five stage cards (count and total value), the five-column
// board where a lead is dragged with a mouse or pen to another stage (on a touch screen a swipe scrolls the
// board and a tap opens the lead, whose stage buttons move it; its call and e-mail buttons reach it), Add
// Lead, and Lead Details with stage buttons, owner, contacts, edit and notes.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { NotLoaded } from '@/components/ui/loading.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { submitWrite } from '@/lib/feedback.ts';
import { useCan } from '@/lib/organization.tsx';
import type { Lead } from '@shared/api/leads.ts';
import { LEAD_STAGES, type LeadStage } from '@shared/schemas/values.ts';
import { COLUMN_PAGE, useBoard, useLead, useLeadSummary, useMoveLead } from './api/leads.ts';
import { useT } from '@/lib/i18n.tsx';
import { Board } from './board.tsx';
import { LeadDetails } from './lead-details.tsx';
import { StageSummaries } from './stage-summaries.tsx';

import { LeadDialog } from './lead-dialog.tsx';

export { LeadDialog };

const firstPages = () =>
  Object.fromEntries(LEAD_STAGES.map((s) => [s, COLUMN_PAGE])) as Record<LeadStage, number>;

export function CrmPage() {
  const intl = useIntl();
  const t = useT();
  const canEdit = useCan('lead.edit');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [limits, setLimits] = useState(firstPages);
  const board = useBoard(search, limits);
  const searchedKept = board.some((c) => c.searchedKept);
  // Nothing kept and nothing made on this device: the board says it is not there, never "no leads".
  const unavailable = board.every((c) => !c.query.data && c.rows.length === 0);
  const failed = board.some((c) => c.query.isError);
  const move = useMoveLead();
  const [open, setOpen] = useState<
    { kind: 'add' } | { kind: 'edit'; lead: Lead } | { kind: 'details'; lead: Lead } | null
  >(params.get('new') === 'lead' ? { kind: 'add' } : null);
  const close = () => {
    setOpen(null);
    if (params.has('new')) setParams({}, { replace: true });
  };
  // /crm?lead=<id> (a notification that a lead was given to you) opens that lead, wherever it is on the board.
  const askedId = params.get('lead');
  const asked = useLead(askedId).data;
  const [shown, setShown] = useState<string | null>(null);
  if (asked && asked.id === askedId && shown !== asked.id) {
    setShown(asked.id);
    setOpen({ kind: 'details', lead: asked });
  }
  if (!askedId && shown) setShown(null);
  // Opened once: the address no longer names the lead, so a reload does not open it again.
  useEffect(() => {
    if (shown && askedId === shown)
      setParams(
        (p) => {
          p.delete('lead');
          return p;
        },
        { replace: true },
      );
  }, [shown, askedId, setParams]);
  const summaries = useLeadSummary().data;
  const drop = async (lead: Lead, stage: LeadStage) => {
    await submitWrite(intl, () => move.mutateAsync({ lead, stage }), { success: 'crm.updated' });
  };
  return (
    <section className="mx-auto flex max-w-7xl flex-col gap-4 p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          label={t('crm.searchLabel')}
          placeholder={t('crm.search')}
          value={search}
          searchedKept={searchedKept}
          onChange={(next) => {
            setSearch(next);
            setLimits(firstPages);
          }}
        />
        {canEdit && (
          <button type="button" className="btn btn-primary min-h-11" onClick={() => setOpen({ kind: 'add' })}>
            {t('crm.addLead')}
          </button>
        )}
      </div>
      {!canEdit && <p className="text-sm opacity-70">{t('crm.readOnly')}</p>}
      {unavailable ? (
        <NotLoaded failed={failed} />
      ) : (
        <>
          <StageSummaries summaries={summaries} />
          {canEdit && (
            <p className="text-xs opacity-75">
              <span className="pointer-coarse:hidden">{t('crm.dragHint')}</span>
              <span className="hidden pointer-coarse:inline">{t('crm.tapHint')}</span>
            </p>
          )}
          <Board
            board={board}
            canEdit={canEdit}
            onOpen={(lead) => setOpen({ kind: 'details', lead })}
            onDrop={(lead, stage) => void drop(lead, stage)}
            onMore={(stage) => setLimits((l) => ({ ...l, [stage]: l[stage] + COLUMN_PAGE }))}
          />
        </>
      )}
      {open?.kind === 'add' && <LeadDialog onClose={close} />}
      {open?.kind === 'edit' && <LeadDialog lead={open.lead} onClose={close} />}
      {open?.kind === 'details' && (
        <LeadDetails
          lead={open.lead}
          onClose={close}
          onEdit={() => setOpen({ kind: 'edit', lead: open.lead })}
        />
      )}
    </section>
  );
}

// /crm: search by name, company, phone or e-mail, five stage cards (count and total value), the five-column
// board where a lead is dragged with a mouse or pen to another stage (on a touch screen a swipe scrolls the
// board and a tap opens the lead, whose stage buttons move it; its call and e-mail buttons reach it), Add
// Lead, and Lead Details with stage buttons, owner, contacts, edit and notes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Dialog } from '@/components/ui/dialog.tsx';
import { NotLoaded } from '@/components/ui/loading.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { PendingBadge } from '@/components/ui/pending.tsx';
import { formatMoney } from '@/lib/money.ts';
import { submitWrite } from '@/lib/feedback.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { type Lead, STAGES, type Stage, type StageSummary } from './api/keys.ts';
import { COLUMN_PAGE, useBoard, useLead, useLeadSummary, useMoveLead } from './api/leads.ts';
import { useAddNote, useLeadNotes } from './api/notes.ts';
import { useT } from '@/lib/i18n.tsx';
import { LeadContactButtons, LeadContactRows } from './lead-contact.tsx';

import { LeadDialog } from './lead-dialog.tsx';

export { LeadDialog };

function LeadDetails({ lead, onClose, onEdit }: { lead: Lead; onClose: () => void; onEdit: () => void }) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const canEdit = useCan('lead.edit');
  const move = useMoveLead();
  const notes = useLeadNotes(lead.id);
  const addNote = useAddNote();
  const [note, setNote] = useState('');
  const [stage, setStage] = useState<Stage>(lead.stage);
  const moveTo = async (next: Stage) => {
    setStage(next);
    const done = await submitWrite(intl, () => move.mutateAsync({ lead, stage: next }), {
      success: 'crm.updated',
    });
    if (!done.ok) setStage(lead.stage);
  };
  return (
    <Dialog title={t('crm.details')} onClose={onClose}>
      <div className="flex flex-col gap-3">
        <div>
          <p className="text-lg font-semibold">{lead.name}</p>
          {lead.company && <p className="opacity-70">{lead.company}</p>}
        </div>
        <dl className="grid grid-cols-2 gap-1 text-sm">
          <dt className="opacity-70">{t('crm.value')}</dt>
          <dd>{lead.value != null ? formatMoney(lead.value, org.currency, intl.locale) : '-'}</dd>
          <dt className="opacity-70">{t('crm.owner')}</dt>
          <dd>{lead.owner ? `${lead.owner.firstName} ${lead.owner.lastName}` : t('crm.noOwner')}</dd>
          <dt className="opacity-70">{t('crm.closeDate')}</dt>
          <dd>{lead.closeDate ? new Date(lead.closeDate).toLocaleDateString(intl.locale) : '-'}</dd>
          <dt className="opacity-70">{t('crm.stage')}</dt>
          <dd data-testid="lead-stage">{t(`crm.stage.${stage}`)}</dd>
          <LeadContactRows lead={lead} />
        </dl>
        {canEdit && (
          <>
            <p className="text-sm font-medium">{t('crm.moveTo')}</p>
            <div className="flex flex-wrap gap-1">
              {STAGES.map((s) => (
                <button
                  key={s}
                  type="button"
                  className={`btn btn-sm min-h-11 ${s === stage ? 'btn-primary' : 'btn-outline'}`}
                  aria-pressed={s === stage}
                  onClick={() => s !== stage && void moveTo(s)}
                >
                  {t(`crm.stage.${s}`)}
                </button>
              ))}
            </div>
            <button type="button" className="btn btn-ghost btn-sm min-h-11 self-start" onClick={onEdit}>
              {t('crm.editLead')}
            </button>
          </>
        )}
        <h3 className="font-semibold">{t('crm.notes')}</h3>
        {canEdit && (
          <form
            className="flex gap-2"
            onSubmit={async (e) => {
              e.preventDefault();
              if (!note.trim()) return;
              const done = await submitWrite(
                intl,
                () => addNote.mutateAsync({ leadId: lead.id, note: note.trim() }),
                { success: 'common.actionDone' },
              );
              if (done.ok) setNote('');
            }}
          >
            <input
              className="input input-bordered min-h-11 grow"
              aria-label={t('crm.addNote')}
              placeholder={t('crm.notePlaceholder')}
              maxLength={5000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <button type="submit" className="btn min-h-11" disabled={addNote.isPending}>
              {t('crm.addNote')}
            </button>
          </form>
        )}
        {notes.data?.rows.length ? (
          <ul className="flex flex-col gap-2 text-sm" data-testid="lead-notes">
            {notes.data.rows.map((n) => (
              <li key={n.id} className="rounded-box bg-base-200 p-2">
                <p>{n.note}</p>
                <p className="text-xs opacity-75">
                  {n.author ? `${n.author.firstName} ${n.author.lastName} · ` : ''}
                  {new Date(n.createdAt).toLocaleString(intl.locale)}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm opacity-70">{t('crm.noNotes')}</p>
        )}
      </div>
    </Dialog>
  );
}

/**
 * A card that opens on a tap or click and can be dragged with a mouse or pen onto another column. A finger
 * is left to the browser, so a swipe that starts on a card scrolls the board or the page.
 */
function LeadCard({
  lead,
  draggable,
  onOpen,
  onDrop,
}: {
  lead: Lead;
  draggable: boolean;
  onOpen: () => void;
  onDrop: (stage: Stage) => void;
}) {
  const intl = useIntl();
  const org = useOrganization();
  const start = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const [dragging, setDragging] = useState(false);
  // The call and e-mail links sit beside the card's button, not inside it (a link in a button is no link).
  return (
    <div
      className={`card flex-row items-start border border-base-300 bg-base-100 ${dragging ? 'opacity-50' : ''}`}
    >
      <button
        type="button"
        data-testid="lead-card"
        className="min-w-0 grow touch-pan-x touch-pan-y p-2 text-left text-sm break-words"
        onPointerDown={(e) => {
          if (!draggable || e.pointerType === 'touch') return;
          start.current = { x: e.clientX, y: e.clientY, moved: false };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          const s = start.current;
          if (s && !s.moved && Math.hypot(e.clientX - s.x, e.clientY - s.y) > 8) {
            s.moved = true;
            setDragging(true);
          }
        }}
        onPointerUp={(e) => {
          const s = start.current;
          start.current = null;
          setDragging(false);
          if (!s?.moved) return;
          const column = document
            .elementsFromPoint(e.clientX, e.clientY)
            .map((el) => el.closest<HTMLElement>('[data-stage]'))
            .find(Boolean);
          const stage = column?.dataset.stage as Stage | undefined;
          if (stage && stage !== lead.stage) onDrop(stage);
        }}
        onClick={() => !dragging && onOpen()}
      >
        <span className="font-medium">
          {lead.name} {'pending' in lead && <PendingBadge />}
        </span>
        {lead.company && <span className="block text-xs opacity-70">{lead.company}</span>}
        {lead.value != null && (
          <span className="block text-xs">{formatMoney(lead.value, org.currency, intl.locale)}</span>
        )}
      </button>
      <LeadContactButtons lead={lead} />
    </div>
  );
}

/** Whether a sideways-scrolling row has more to show before and after what is in view (for its fades). */
function useScrollEnds() {
  const [row, setRow] = useState<HTMLElement | null>(null);
  const [ends, setEnds] = useState({ before: false, after: false });
  const update = useCallback(() => {
    if (!row) return;
    const before = row.scrollLeft > 1;
    const after = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    setEnds((e) => (e.before === before && e.after === after ? e : { before, after }));
  }, [row]);
  useEffect(() => {
    if (!row) return;
    const observer = new ResizeObserver(update);
    observer.observe(row);
    return () => observer.disconnect();
  }, [row, update]);
  return { attach: setRow, update, ...ends };
}

const firstPages = () => Object.fromEntries(STAGES.map((s) => [s, COLUMN_PAGE])) as Record<Stage, number>;

/**
 * A stage's column: how many leads it holds (for the search), its first leads most valuable first, and "Show
 * more" while it holds more than it shows. A column not read yet says it is loading, never "no leads".
 */
function BoardColumn({
  column,
  canEdit,
  onOpen,
  onDrop,
  onMore,
}: {
  column: ReturnType<typeof useBoard>[number];
  canEdit: boolean;
  onOpen: (lead: Lead) => void;
  onDrop: (lead: Lead, stage: Stage) => void;
  onMore: () => void;
}) {
  const t = useT();
  const { stage, rows, query } = column;
  const pendingCount = rows.filter((l) => 'pending' in l).length;
  const total = query.data ? query.data.total + pendingCount : rows.length;
  return (
    <div
      data-stage={stage}
      data-testid={`column-${stage}`}
      className="flex w-64 shrink-0 snap-start flex-col gap-2 rounded-box bg-base-200 p-2 @min-[56rem]:w-auto @min-[56rem]:min-w-0 @min-[56rem]:flex-1"
    >
      <p className="flex items-start justify-between gap-1 text-sm font-semibold">
        <FormattedMessage id={`crm.stage.${stage}`} />
        <span className="badge badge-sm" data-testid="column-count">
          {total}
        </span>
      </p>
      {rows.length === 0 ? (
        <p className="text-xs opacity-75">{t(query.data ? 'crm.empty' : 'common.loading')}</p>
      ) : (
        rows.map((l) => (
          <LeadCard
            key={l.id}
            lead={l}
            // A lead still on this device is changed once the server has it.
            draggable={canEdit && !('pending' in l)}
            onOpen={() => !('pending' in l) && onOpen(l)}
            onDrop={(next) => onDrop(l, next)}
          />
        ))
      )}
      {total > rows.length && (
        <button
          type="button"
          className="btn btn-ghost btn-sm min-h-11"
          disabled={query.isFetching}
          onClick={onMore}
        >
          {t('crm.showMore', { count: total - rows.length })}
        </button>
      )}
    </div>
  );
}

export function CrmPage() {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
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
  const { attach: boardRow, update: onBoardScroll, before: moreBefore, after: moreAfter } = useScrollEnds();
  const stageTotal = (summary?: StageSummary) =>
    (summary?.totals.length ? summary.totals : [{ currency: org.currency, amount: 0 }])
      .map((x) => formatMoney(x.amount, x.currency, intl.locale))
      .join(' + ');
  const drop = async (lead: Lead, stage: Stage) => {
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
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {STAGES.map((s) => {
              const summary = summaries?.find((x) => x.stage === s);
              return (
                <div key={s} className="rounded-box border border-base-300 p-3" data-testid={`summary-${s}`}>
                  <p className="text-sm opacity-70">{t(`crm.stage.${s}`)}</p>
                  <p className="text-lg font-bold">{summary?.count ?? 0}</p>
                  <p className="text-xs">{stageTotal(summary)}</p>
                </div>
              );
            })}
          </div>
          {canEdit && (
            <p className="text-xs opacity-75">
              <span className="pointer-coarse:hidden">{t('crm.dragHint')}</span>
              <span className="hidden pointer-coarse:inline">{t('crm.tapHint')}</span>
            </p>
          )}
          {/* Five columns side by side when the board is wide enough for them (a laptop), else a row that
              scrolls sideways, with a fade on the side that has more. */}
          <div className="relative">
            <div
              ref={boardRow}
              onScroll={onBoardScroll}
              data-testid="board"
              className="@container flex snap-x gap-3 overflow-x-auto overscroll-x-contain pb-2"
            >
              {board.map((column) => (
                <BoardColumn
                  key={column.stage}
                  column={column}
                  canEdit={canEdit}
                  onOpen={(lead) => setOpen({ kind: 'details', lead })}
                  onDrop={(lead, stage) => void drop(lead, stage)}
                  onMore={() => setLimits((l) => ({ ...l, [column.stage]: l[column.stage] + COLUMN_PAGE }))}
                />
              ))}
            </div>
            {moreBefore && (
              <div
                aria-hidden
                className="pointer-events-none absolute inset-y-0 left-0 w-8 bg-linear-to-r from-base-100"
              />
            )}
            {moreAfter && (
              <div
                aria-hidden
                data-testid="board-more"
                className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-linear-to-l from-base-100"
              />
            )}
          </div>
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

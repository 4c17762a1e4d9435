// The board: a column per stage, five side by side when the board is wide enough for them (a laptop), else a
// row that scrolls sideways, with a fade on the side that has more.
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useT } from '@/lib/i18n.tsx';
import type { Lead } from '@shared/api/leads.ts';
import type { LeadStage } from '@shared/schemas/values.ts';
import type { useBoard } from './api/leads.ts';
import { LeadCard } from './lead-card.tsx';

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
  onDrop: (lead: Lead, stage: LeadStage) => void;
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

export function Board({
  board,
  canEdit,
  onOpen,
  onDrop,
  onMore,
}: {
  board: ReturnType<typeof useBoard>;
  canEdit: boolean;
  onOpen: (lead: Lead) => void;
  onDrop: (lead: Lead, stage: LeadStage) => void;
  /** Shows more of a stage's leads. */
  onMore: (stage: LeadStage) => void;
}) {
  const { attach: boardRow, update: onBoardScroll, before: moreBefore, after: moreAfter } = useScrollEnds();
  return (
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
            onOpen={onOpen}
            onDrop={onDrop}
            onMore={() => onMore(column.stage)}
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
  );
}

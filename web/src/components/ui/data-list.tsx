// Every list of records: a table from 768 px up, cards below it (phones), and only one of the two in the page
// (a hidden copy would be read twice by screen readers and found twice by tests). A card shows what a person
// acts on: the number or name with the amount on the right, the customer or detail with the status badges,
// the dates, then the actions. Both forms carry the list's data-testid and put data-row on each record.
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useWide } from '@/lib/use-media-query.ts';

/**
 * Where a card shows a column: the first line has the title and, on its right, the amount; the second the
 * subtitle and, on its right, the badges; then the meta line (each value after its header) and the actions.
 */
export type CardSlot = 'title' | 'amount' | 'subtitle' | 'badge' | 'meta' | 'actions';

export type Column<Row> = {
  key: string;
  /** The table's header; on a card, the label before a meta value ('' for none). */
  header: ReactNode;
  /** The value; null, undefined or '' is a dash in the table and left out of the card. */
  cell: (row: Row, form: 'table' | 'card') => ReactNode;
  align?: 'right';
  /** A number, an amount or a date: never wraps (amounts never do). */
  nowrap?: boolean;
  /** Where the card shows it; without it only the table does. */
  card?: CardSlot;
  /**
   * false: only the card shows it. 'lg': the table gives it a column from 1024 px and, below that, a line under
   * the title (beside the menu a table at 768 px has about 500 px: the columns one acts on keep theirs).
   */
  table?: false | 'lg';
};

/** What opening a record does: go to its page, or open it on this one. */
export type RowOpen = { to: string } | { onClick: () => void };

type Props<Row extends { id: string }> = {
  /** The records, each with its own id. */
  rows: Row[];
  columns: Column<Row>[];
  /** The container's data-testid, the same in both forms. */
  testId: string;
  /** Opening a record from its title (and, in the table, its row; on a card, anywhere on the card). */
  open?: (row: Row) => RowOpen | null | undefined;
  /** A data-testid for each row or card, for the lists that had one. */
  rowTestId?: (row: Row) => string | undefined;
};

const empty = (v: ReactNode) => v === null || v === undefined || v === false || v === '';

const cellClass = <Row,>(c: Column<Row>, form: 'table' | 'card') =>
  [
    c.align === 'right' ? 'text-right' : '',
    c.nowrap || c.card === 'amount' ? 'whitespace-nowrap' : '',
    form === 'table' && c.table === 'lg' ? 'max-lg:hidden' : '',
  ]
    .filter(Boolean)
    .join(' ') || undefined;

/** The title as a link or a button; on a card, `stretched` makes it cover the whole card. */
function Opener({ open, stretched, children }: { open: RowOpen; stretched: boolean; children: ReactNode }) {
  const className = `text-left ${stretched ? "link link-hover after:absolute after:inset-0 after:z-[1] after:content-['']" : 'link'}`;
  return 'to' in open ? (
    <Link to={open.to} className={className}>
      {children}
    </Link>
  ) : (
    <button type="button" className={className} onClick={open.onClick}>
      {children}
    </button>
  );
}

export function DataList<Row extends { id: string }>(props: Props<Row>) {
  return useWide() ? <DataTable {...props} /> : <DataCards {...props} />;
}

function DataTable<Row extends { id: string }>({ rows, columns: all, testId, open, rowTestId }: Props<Row>) {
  const navigate = useNavigate();
  const columns = all.filter((c) => c.table !== false);
  // Below 1024 px the columns kept for wider screens are written under the title, each after its header.
  const later = columns.filter((c) => c.table === 'lg');
  const narrow = (row: Row) =>
    later.map((c) => {
      const value = c.cell(row, 'table');
      return (
        !empty(value) && (
          <span key={c.key} className="block text-xs font-normal lg:hidden">
            <span className="opacity-70">{c.header}</span> {value}
          </span>
        )
      );
    });
  const onRow = (o: RowOpen | null | undefined) =>
    o
      ? (e: MouseEvent) => {
          // A control in the row does its own thing.
          if ((e.target as Element).closest('a, button, select, input, label')) return;
          if ('to' in o) void navigate(o.to);
          else o.onClick();
        }
      : undefined;
  return (
    <div className="overflow-x-auto">
      <table className="table max-lg:[&_td]:px-2 max-lg:[&_th]:px-2" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                className={[
                  c.align === 'right' ? 'text-right' : '',
                  c.table === 'lg' ? 'max-lg:hidden' : '',
                ].join(' ')}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const o = open?.(row);
            return (
              <tr
                key={row.id}
                data-row=""
                data-testid={rowTestId?.(row)}
                className={o ? 'hover cursor-pointer' : undefined}
                onClick={onRow(o)}
              >
                {columns.map((c) => {
                  const value = c.cell(row, 'table');
                  return (
                    <td key={c.key} className={cellClass(c, 'table')}>
                      {empty(value) ? (
                        c.card !== 'actions' && '-'
                      ) : o && c.card === 'title' ? (
                        <Opener open={o} stretched={false}>
                          {value}
                        </Opener>
                      ) : (
                        value
                      )}
                      {c.card === 'title' && narrow(row)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function DataCards<Row extends { id: string }>({ rows, columns, testId, open, rowTestId }: Props<Row>) {
  return (
    <ul className="flex flex-col gap-2" data-testid={testId}>
      {rows.map((row) => {
        const o = open?.(row);
        const slot = (name: CardSlot) =>
          columns
            .filter((c) => c.card === name)
            .map((c) => ({ column: c, value: c.cell(row, 'card') }))
            .filter(({ value }) => !empty(value));
        const title = slot('title');
        const amount = slot('amount');
        const subtitle = slot('subtitle');
        const badge = slot('badge');
        const meta = slot('meta');
        const actions = slot('actions');
        const items = (cells: typeof title) =>
          cells.map(({ column, value }) => (
            <span key={column.key} className={cellClass(column, 'card')}>
              {value}
            </span>
          ));
        return (
          <li
            key={row.id}
            data-row=""
            data-testid={rowTestId?.(row)}
            className={`relative flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-3 ${o ? 'active:bg-base-200' : ''}`}
          >
            {(title.length > 0 || amount.length > 0) && (
              <div className="flex items-start justify-between gap-3">
                <div className="flex min-w-0 flex-wrap items-center gap-x-2 font-medium break-words">
                  {o ? (
                    <Opener open={o} stretched>
                      {items(title)}
                    </Opener>
                  ) : (
                    items(title)
                  )}
                </div>
                <div className="shrink-0 text-right font-semibold whitespace-nowrap">{items(amount)}</div>
              </div>
            )}
            {(subtitle.length > 0 || badge.length > 0) && (
              <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-sm">
                <div className="flex min-w-0 flex-col break-words opacity-80">{items(subtitle)}</div>
                <div className="ml-auto flex flex-wrap items-center justify-end gap-1">{items(badge)}</div>
              </div>
            )}
            {meta.length > 0 && (
              <div className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs">
                {meta.map(({ column, value }) => (
                  <span key={column.key}>
                    {!empty(column.header) && <span className="opacity-70">{column.header} </span>}
                    <span className={cellClass(column, 'card')}>{value}</span>
                  </span>
                ))}
              </div>
            )}
            {actions.length > 0 && (
              <div className="relative z-[2] -mb-1 flex flex-wrap items-center justify-end gap-1">
                {items(actions)}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

// The lines of a document being written (an invoice's, a purchase order's): one tinted row per line with
// the caller's fields, a ✕ to remove a line while there is more than one, and "Add line" under them.
import type { ReactNode } from 'react';

export function LineItems({
  legend,
  rows,
  gridClassName,
  lineTestId,
  renderLine,
  onAdd,
  onRemove,
  addLabel,
  removeLabel,
}: {
  legend: string;
  /** The field array's rows (react-hook-form's `fields`): their ids key the lines. */
  rows: { id: string }[];
  /** The grid columns of a line, phone first (e.g. `grid-cols-2 sm:grid-cols-[2fr_1fr_1fr_auto]`). */
  gridClassName: string;
  lineTestId?: string;
  renderLine: (index: number) => ReactNode;
  onAdd: () => void;
  onRemove: (index: number) => void;
  addLabel: string;
  removeLabel: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {rows.map((row, i) => (
        <div
          key={row.id}
          className={`grid gap-2 rounded-box bg-base-200 p-2 ${gridClassName}`}
          data-testid={lineTestId}
        >
          {renderLine(i)}
          {rows.length > 1 && (
            <button
              type="button"
              className="btn btn-ghost min-h-11 self-end"
              aria-label={removeLabel}
              onClick={() => onRemove(i)}
            >
              ✕
            </button>
          )}
        </div>
      ))}
      <button type="button" className="btn btn-outline btn-sm min-h-11 self-start" onClick={onAdd}>
        {addLabel}
      </button>
    </fieldset>
  );
}

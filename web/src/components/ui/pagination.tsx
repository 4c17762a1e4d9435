import { FormattedMessage } from 'react-intl';

/** "Showing 1–50 of 1,234" with Previous and Next; nothing when everything fits on one page. */
export function Pagination({
  offset,
  limit,
  total,
  onChange,
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
}) {
  if (total <= limit && offset === 0) return null;
  return (
    <nav className="flex flex-wrap items-center justify-between gap-2 text-sm" aria-label="pagination">
      <span>
        <FormattedMessage
          id="common.showing"
          values={{ from: total ? offset + 1 : 0, to: Math.min(offset + limit, total), total }}
        />
      </span>
      <div className="join">
        <button
          type="button"
          className="btn join-item min-h-11"
          disabled={offset === 0}
          onClick={() => onChange(Math.max(0, offset - limit))}
        >
          <FormattedMessage id="common.previous" />
        </button>
        <button
          type="button"
          className="btn join-item min-h-11"
          disabled={offset + limit >= total}
          onClick={() => onChange(offset + limit)}
        >
          <FormattedMessage id="common.next" />
        </button>
      </div>
    </nav>
  );
}

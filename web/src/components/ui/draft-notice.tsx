import { useIntl } from 'react-intl';
import type { FormDraft } from '@/lib/form-draft.ts';

/** Says that the form came back with what was typed before, and offers to start over. */
export function DraftNotice({ draft }: { draft: Pick<FormDraft<unknown>, 'restored' | 'discard'> }) {
  const intl = useIntl();
  if (!draft.restored) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-info/15 px-3 py-2 text-sm"
      data-testid="draft-notice"
    >
      <span>{intl.formatMessage({ id: 'draft.restored' })}</span>
      <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={draft.discard}>
        {intl.formatMessage({ id: 'draft.startOver' })}
      </button>
    </div>
  );
}

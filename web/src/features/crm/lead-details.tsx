// Lead Details: a lead's name, company, value, owner, close date, stage and contacts; for those who change leads,
// the stage buttons that move it and Edit; and its notes, newest first, with a box to add one.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Dialog } from '@/components/ui/dialog.tsx';
import { formatMoney } from '@/lib/money.ts';
import { submitWrite } from '@/lib/feedback.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { useT } from '@/lib/i18n.tsx';
import type { Lead } from '@shared/api/leads.ts';
import { LEAD_STAGES, type LeadStage } from '@shared/schemas/values.ts';
import { useMoveLead } from './api/leads.ts';
import { useAddNote, useLeadNotes } from './api/notes.ts';
import { LeadContactRows } from './lead-contact.tsx';

export function LeadDetails({
  lead,
  onClose,
  onEdit,
}: {
  lead: Lead;
  onClose: () => void;
  onEdit: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const canEdit = useCan('lead.edit');
  const move = useMoveLead();
  const notes = useLeadNotes(lead.id);
  const addNote = useAddNote();
  const [note, setNote] = useState('');
  const [stage, setStage] = useState<LeadStage>(lead.stage);
  const moveTo = async (next: LeadStage) => {
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
              {LEAD_STAGES.map((s) => (
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

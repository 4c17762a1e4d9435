// The owner's last resort: delete the organization and everything in it, after typing its name. Then the
// app moves to another of the member's organizations, or to creating one.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { deleteOrganization } from './api/organization.ts';
import { ORG_KEY, useOrganization } from '@/lib/organization.tsx';
import { currentUserQuery } from '@/lib/session/current-user.ts';
import { notifyError } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';

export function DeleteOrganization() {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const matches = typed.trim().toLocaleLowerCase() === org.name.trim().toLocaleLowerCase();
  const remove = async () => {
    setPending(true);
    try {
      await deleteOrganization(org.id, typed);
    } catch (e) {
      notifyError(intl, e);
      setPending(false);
      return;
    }
    localStorage.removeItem(ORG_KEY);
    await queryClient.invalidateQueries(currentUserQuery);
    notify({ title: t('common.success'), description: t('settings.orgDeleted', { name: org.name }) });
    void navigate('/');
  };
  return (
    <section
      className="mt-6 flex flex-col gap-2 rounded-box border border-error/40 p-4"
      data-testid="danger-zone"
    >
      <h2 className="font-semibold text-error">{t('settings.dangerZone')}</h2>
      <p className="text-sm opacity-80">{t('settings.deleteOrgHint')}</p>
      <button
        type="button"
        className="btn btn-outline btn-error min-h-11 self-start"
        onClick={() => setOpen(true)}
      >
        {t('settings.deleteOrg')}
      </button>
      {open && (
        <Dialog title={t('settings.deleteOrg')} onClose={() => setOpen(false)}>
          <form
            className="flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (matches && !pending) void remove();
            }}
          >
            <p>{t('settings.deleteOrgWarning', { name: org.name })}</p>
            <TextField
              id="confirm-org-name"
              label={t('settings.deleteOrgType', { name: org.name })}
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            <FormActions
              onCancel={() => setOpen(false)}
              submitLabel={t('settings.deleteOrgConfirm')}
              disabled={!matches || pending}
              danger
            />
          </form>
        </Dialog>
      )}
    </section>
  );
}

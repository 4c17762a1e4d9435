// Invite Team Member (email checked, role defaulting to SALES, the invitation mail's language defaulting
// to the inviter's). The server mails the invitation; the answer also carries the link once, shown here to
// copy or send by WhatsApp as well.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { ROLES } from '@shared/schemas/values.ts';
import { lazySchema, useLazyResolver } from '@/lib/lazy-schema.ts';
import { Dialog, DialogActions, FormActions } from '@/components/ui/dialog.tsx';
import { ShareLink } from '@/components/ui/share-link.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { PRODUCT_NAME } from '@/lib/product.ts';
import { submitWrite } from '@/lib/feedback.ts';
import { validationMessage } from '@/lib/validation-message.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { useInvite } from './api/invitations.ts';
import { type CreatedInvitation } from './api/keys.ts';
import { useLocale, useT } from '@/lib/i18n.tsx';

export function InviteLink({ invitation }: { invitation: CreatedInvitation }) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const link = `${location.origin}${invitation.link}`;
  const message = t('team.whatsappMessage', {
    org: org.name,
    product: PRODUCT_NAME,
    role: t(`app.role.${invitation.role}`),
    link,
  });
  return (
    <div className="flex flex-col gap-3" data-testid="invite-link">
      <p className="text-sm">
        {t('team.sentText', {
          email: invitation.email,
          date: new Date(invitation.expiresAt).toLocaleDateString(intl.locale),
        })}
      </p>
      <ShareLink link={link} message={message} label={t('team.linkLabel')} />
    </div>
  );
}

/** Invite a member; `created` opens it on the link of an invitation just made (a new link). */
const invitationSchema = lazySchema(() =>
  import('@shared/schemas/team.ts').then((m) => m.InvitationInputSchema),
);

export function InviteDialog({ created, onClose }: { created?: CreatedInvitation; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const canInviteOwners = useCan('team.manageOwners');
  const invite = useInvite();
  const { locale } = useLocale();
  const [invitation, setInvitation] = useState<CreatedInvitation | undefined>(created);
  const form = useForm({
    resolver: useLazyResolver(invitationSchema),
    defaultValues: { email: '', role: 'SALES' as const, locale },
  });
  const { register, handleSubmit, formState } = form;
  // Only an owner makes an owner (the database refuses it anyway).
  const roles = ROLES.filter((r) => canInviteOwners || r !== 'OWNER').map((r) => ({
    value: r,
    label: t(`app.role.${r}`),
  }));
  return (
    <Dialog title={t('team.inviteTitle')} onClose={onClose}>
      {invitation?.link ? (
        <div className="flex flex-col gap-3">
          <InviteLink invitation={invitation} />
          <DialogActions>
            <button type="button" className="btn btn-primary min-h-11" onClick={onClose}>
              {t('team.done')}
            </button>
          </DialogActions>
        </div>
      ) : (
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={handleSubmit(async (input) => {
            const done = await submitWrite(intl, () => invite.mutateAsync(input), {
              success: 'team.invited',
              form,
            });
            if (!done.ok) return;
            const result = done.result;
            // Kept on the device (offline): the link comes with "New link" once it is sent.
            if (result?.link) setInvitation(result);
            else onClose();
          })}
        >
          <TextField
            label={t('team.email')}
            type="email"
            autoComplete="off"
            maxLength={255}
            error={validationMessage(intl, formState.errors.email?.message)}
            {...register('email')}
          />
          <SelectField label={t('team.role')} options={roles} {...register('role')} />
          <SelectField
            label={t('team.mailLanguage')}
            options={(['en', 'fr'] as const).map((l) => ({ value: l, label: t(`language.${l}`) }))}
            {...register('locale')}
          />
          <FormActions
            onCancel={onClose}
            submitLabel={t('team.sendInvite')}
            disabled={formState.isSubmitting}
          />
        </form>
      )}
    </Dialog>
  );
}

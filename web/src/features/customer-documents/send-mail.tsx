// Send by e-mail: any document a customer receives (an invoice or quote, a receipt, a credit note, a
// statement) goes to an address — the customer's by default — with a link to it, in the document's
// language. Online only: offline the dialog says so and keeps what was typed until the connection is back.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useOnline } from '@/lib/connection.ts';
import { notifyError, showRefusalInForm } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import { lazySchema, useLazyResolver } from '@/lib/lazy-schema.ts';
import { uuidv7 } from '@/lib/uuid.ts';
import { refusalOf, validationMessage } from '@/lib/validation-message.ts';
import type { DocumentMailInput } from '@shared/schemas/document-mail.ts';
import { useSendDocumentMail } from './api/document-links.ts';

type Target = Omit<DocumentMailInput, 'email'>;

const emailSchema = lazySchema(() =>
  import('@shared/schemas/document-mail.ts').then((m) => m.DocumentMailInputSchema.pick({ email: true })),
);

/** The page's "Send by e-mail" button and its dialog. */
export function SendMailButton({ target, email }: { target: Target; email: string | null | undefined }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline min-h-11" onClick={() => setOpen(true)}>
        {t('documentMail.open')}
      </button>
      {open && <SendMailDialog target={target} email={email ?? ''} onClose={() => setOpen(false)} />}
    </>
  );
}

function SendMailDialog({ target, email, onClose }: { target: Target; email: string; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const online = useOnline();
  const send = useSendDocumentMail();
  // One id for this dialog's mail: pressing Send again after a lost answer does not send it twice.
  const [key] = useState(() => uuidv7());
  const form = useForm({ resolver: useLazyResolver(emailSchema), defaultValues: { email } });
  const { register, handleSubmit, formState } = form;
  const error = validationMessage(intl, formState.errors.email?.message);
  return (
    <Dialog title={t('documentMail.title')} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async (values) => {
          try {
            const sent = await send.mutateAsync({ ...target, email: values.email, key });
            notify({ title: t('common.success'), description: t('documentMail.sent', { email: sent.to }) });
            onClose();
          } catch (e) {
            notifyError(intl, e);
            showRefusalInForm(form, refusalOf(e));
          }
        })}
      >
        <p className="text-sm">{t('documentMail.text')}</p>
        <TextField
          label={t('documentMail.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={error}
          {...register('email')}
        />
        {!online && (
          <p role="status" className="text-sm text-warning-content bg-warning/20 rounded-box p-2">
            {t('documentMail.offline')}
          </p>
        )}
        <FormActions
          onCancel={onClose}
          submitLabel={t('documentMail.send')}
          disabled={!online || formState.isSubmitting}
        />
      </form>
    </Dialog>
  );
}

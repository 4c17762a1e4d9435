// A link to send someone (a shared invoice, an invitation): the link itself, selectable, then Copy link and
// Send by WhatsApp with the message that carries it — to the person's own number when it is known.
import { useT } from '@/lib/i18n.tsx';
import { notify } from './notify.tsx';

export function ShareLink({
  link,
  message,
  label,
  whatsappTo,
}: {
  link: string;
  message: string;
  label: string;
  /** The number for wa.me (international, digits only), when the person's phone is known. */
  whatsappTo?: string | null;
}) {
  const t = useT();
  return (
    <>
      <input className="input input-bordered w-full" readOnly value={link} aria-label={label} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn min-h-11"
          onClick={async () => {
            await navigator.clipboard?.writeText(link).catch(() => undefined);
            notify({ title: t('common.linkCopied') });
          }}
        >
          {t('common.copyLink')}
        </button>
        <a
          className="btn btn-success min-h-11"
          href={`https://wa.me/${whatsappTo ?? ''}?text=${encodeURIComponent(message)}`}
          target="_blank"
          rel="noreferrer"
        >
          {t('common.sendWhatsApp')}
        </a>
      </div>
    </>
  );
}

// Reaching a lead from the board: a tap calls its phone (tel:) or opens a mail to it (mailto:).
import { Icon } from '@/components/ui/icon.tsx';
import { useT } from '@/lib/i18n.tsx';
import type { Lead } from '@shared/api/leads.ts';

const PHONE = [
  'M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72 12.84 12.84 0 0 0 .7 2.81 2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45 12.84 12.84 0 0 0 2.81.7A2 2 0 0 1 22 16.92z',
];
const MAIL = [
  'M4 4h16c1.1 0 2 .9 2 2v12c0 1.1-.9 2-2 2H4c-1.1 0-2-.9-2-2V6c0-1.1.9-2 2-2z',
  'm22 6-10 7L2 6',
];

/** The number as a tel: link dials it: spaces and dashes left out, a leading + kept. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

/** The card's call and e-mail buttons (icons, each named for a screen reader), when the lead has them. */
export function LeadContactButtons({ lead }: { lead: Pick<Lead, 'phone' | 'email'> }) {
  const t = useT();
  if (!lead.phone && !lead.email) return null;
  return (
    <div className="flex gap-1" data-testid="lead-contact">
      {lead.phone && (
        <a
          href={telHref(lead.phone)}
          className="btn btn-ghost btn-sm btn-square min-h-11 min-w-11"
          aria-label={t('crm.call', { phone: lead.phone })}
          title={lead.phone}
        >
          <Icon paths={PHONE} />
        </a>
      )}
      {lead.email && (
        <a
          href={`mailto:${lead.email}`}
          className="btn btn-ghost btn-sm btn-square min-h-11 min-w-11"
          aria-label={t('crm.writeTo', { email: lead.email })}
          title={lead.email}
        >
          <Icon paths={MAIL} />
        </a>
      )}
    </div>
  );
}

/** Lead Details' phone and e-mail rows: the number and the address themselves, as links. */
export function LeadContactRows({ lead }: { lead: Pick<Lead, 'phone' | 'email'> }) {
  const t = useT();
  return (
    <>
      {lead.phone && (
        <>
          <dt className="opacity-70">{t('crm.phone')}</dt>
          <dd>
            <a className="link break-all" href={telHref(lead.phone)}>
              {lead.phone}
            </a>
          </dd>
        </>
      )}
      {lead.email && (
        <>
          <dt className="opacity-70">{t('crm.email')}</dt>
          <dd>
            <a className="link break-all" href={`mailto:${lead.email}`}>
              {lead.email}
            </a>
          </dd>
        </>
      )}
    </>
  );
}

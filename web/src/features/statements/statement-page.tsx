// /sales/customers/:id/statement?from=&to= — a customer's statement for a period (this year so far unless
// chosen), to print, download as a PDF or send by a public link, in the business's language.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Loading } from '@/components/ui/loading.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { InLanguage, useT } from '@/lib/i18n.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { errorMessage } from '@/lib/validation-message.ts';
import { documentLanguage } from '@shared/countries.ts';
import { SendMailButton } from '@/features/customer-documents/send-mail.tsx';
import type { Statement } from '@shared/api/statements.ts';
import { type Period, useShareStatement, useStatement } from './api/statements.ts';
import { PdfButton } from '@/features/customer-documents/pdf-button.tsx';
import { ShareDocumentDialog } from '@/features/customer-documents/share-document-dialog.tsx';
import { downloadStatementPdf } from '@/features/customer-documents/pdf/download.ts';
import { StatementDocument } from './statement-document.tsx';
import { statementDate } from './statement-lines.ts';

/** Today in the organization's time zone (YYYY-MM-DD). */
const todayIn = (timezone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());

export function StatementPage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const [params, setParams] = useSearchParams();
  const today = todayIn(org.timezone);
  const period: Period = {
    from: params.get('from') ?? `${today.slice(0, 4)}-01-01`,
    to: params.get('to') ?? today,
  };
  const [draft, setDraft] = useState(period);
  const statement = useStatement(id, period);
  const [sharing, setSharing] = useState(false);
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-4 p-4 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to="/sales?tab=customers" className="link min-h-11 content-center">
          ← {t('statements.back')}
        </Link>
        {statement.data && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline min-h-11" onClick={() => window.print()}>
              {t('invoices.print')}
            </button>
            <PdfButton make={() => downloadStatementPdf(statement.data)} />
            <button type="button" className="btn btn-outline min-h-11" onClick={() => setSharing(true)}>
              {t('invoices.share')}
            </button>
            <SendMailButton
              target={{ kind: 'statement', id, from: statement.data.from, to: statement.data.to }}
              email={statement.data.customer.email}
            />
          </div>
        )}
      </div>
      <form
        className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[14rem_14rem_auto] sm:justify-start print:hidden"
        onSubmit={(e) => {
          e.preventDefault();
          setParams({ from: draft.from, to: draft.to }, { replace: true });
        }}
      >
        <TextField
          label={t('statements.from')}
          type="date"
          name="from"
          value={draft.from}
          max={draft.to}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextField
          label={t('statements.to')}
          type="date"
          name="to"
          value={draft.to}
          min={draft.from}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <button type="submit" className="btn btn-primary col-span-2 min-h-11 sm:col-span-1">
          {t('statements.show')}
        </button>
      </form>
      {statement.isError && !statement.data && <p role="alert">{errorMessage(intl, statement.error)}</p>}
      {statement.data ? (
        <InLanguage locale={documentLanguage(statement.data.seller.country)}>
          <StatementDocument data={statement.data} />
        </InLanguage>
      ) : (
        !statement.isError && <Loading />
      )}
      {sharing && statement.data && (
        <ShareStatementDialog customerId={id} statement={statement.data} onClose={() => setSharing(false)} />
      )}
    </section>
  );
}

function ShareStatementDialog({
  customerId,
  statement,
  onClose,
}: {
  customerId: string;
  statement: Statement;
  onClose: () => void;
}) {
  const t = useT();
  const { share, revoke } = useShareStatement(customerId);
  const due = statement.accounts.find((a) => a.closing !== 0) ?? statement.accounts[0];
  return (
    <ShareDocumentDialog
      title={t('statements.shareTitle')}
      text={t('statements.shareText')}
      country={statement.seller.country}
      phone={statement.customer.phone}
      pending={share.isPending}
      create={async () => (await share.mutateAsync({ from: statement.from, to: statement.to })).path}
      revoke={() => revoke.mutateAsync()}
      message={(intl, link) =>
        intl.formatMessage(
          { id: 'statements.whatsappMessage' },
          {
            customer: statement.customer.name,
            org: statement.seller.name,
            from: statementDate(intl, statement.from, statement.timezone),
            to: statementDate(intl, statement.to, statement.timezone),
            amount: formatMoney(due?.closing ?? 0, due?.currency ?? statement.seller.currency, intl.locale),
            link,
          },
        )
      }
      onClose={onClose}
    />
  );
}

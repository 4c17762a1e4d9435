// /s/:token — a customer's statement from a shared link: read-only, no sign-in, printable, in the business's
// language. A link no longer valid says so in the visitor's language.
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { LinkNotLoaded, Loading } from '@/components/ui/loading.tsx';
import { InLanguage } from '@/lib/i18n.tsx';
import { documentLanguage } from '@shared/countries.ts';
import type { Statement } from '@shared/api/statements.ts';
import { usePublicStatement } from './api/statements.ts';
import { PdfButton } from '@/features/customer-documents/pdf-button.tsx';
import { downloadStatementPdf } from '@/features/customer-documents/pdf/download.ts';
import { StatementDocument } from './statement-document.tsx';

export function PublicStatementPage() {
  const { token = '' } = useParams();
  const statement = usePublicStatement(token);
  if (statement.isError)
    return (
      <section className="mx-auto max-w-2xl p-6">
        <LinkNotLoaded error={statement.error} invalidId="invoices.public.invalid" />
      </section>
    );
  if (!statement.data) return <Loading />;
  return (
    <InLanguage locale={documentLanguage(statement.data.seller.country)}>
      <SharedStatement data={statement.data} />
    </InLanguage>
  );
}

function SharedStatement({ data }: { data: Statement }) {
  const intl = useIntl();
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-3 p-4">
      <div className="flex justify-end gap-2 print:hidden">
        <button type="button" className="btn btn-outline min-h-11" onClick={() => window.print()}>
          {intl.formatMessage({ id: 'invoices.print' })}
        </button>
        <PdfButton make={() => downloadStatementPdf(data)} />
      </div>
      <StatementDocument data={data} />
    </section>
  );
}

// A customer's statement as they receive it (printed, on the public link, as a PDF): the seller, the
// customer, the period, then per currency the opening balance, each invoice and payment with the running
// balance, and the amount due.
import { FormattedMessage, useIntl } from 'react-intl';
import type { Statement } from '@shared/api/statements.ts';
import { DocumentFoot, SellerHeader } from '@/features/customer-documents/document-parts.tsx';
import { statementDate, statementRows, statementSummary } from './statement-lines.ts';

/** A label with its document numbers (INV-000002, RCT-000009) kept whole on a narrow line. */
function keepReferences(label: string) {
  return label.split(/([A-Z]{2,4}-\d+)/).map((part, i) =>
    i % 2 ? (
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

export function StatementDocument({ data }: { data: Statement }) {
  const intl = useIntl();
  const day = (s: string) => statementDate(intl, s, data.timezone);
  return (
    <article className="invoice-document flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-8 print:border-0 print:p-0">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <SellerHeader seller={data.seller} />
        <div className="ml-auto text-right">
          <h2 className="text-sm font-semibold tracking-wide uppercase" data-testid="document-title">
            <FormattedMessage id="statements.title" />
          </h2>
          <p className="text-sm">
            <FormattedMessage id="statements.period" values={{ from: day(data.from), to: day(data.to) }} />
          </p>
        </div>
      </header>
      <div>
        <p className="text-sm opacity-70">
          <FormattedMessage id="statements.customer" />
        </p>
        <p className="font-medium break-words">{data.customer.name}</p>
      </div>
      {data.accounts.length === 0 && (
        <p className="text-sm opacity-70">
          <FormattedMessage id="statements.empty" />
        </p>
      )}
      {data.accounts.map((account) => (
        <section key={account.currency} className="flex flex-col gap-2" data-testid="statement-account">
          <div
            className="overflow-x-auto"
            role="region"
            tabIndex={0}
            aria-label={intl.formatMessage({ id: 'statements.title' })}
          >
            <table className="table table-sm">
              <thead>
                <tr>
                  <th className="max-sm:hidden print:table-cell">
                    <FormattedMessage id="statements.date" />
                  </th>
                  <th>
                    <FormattedMessage id="statements.document" />
                  </th>
                  <th className="text-right">
                    <FormattedMessage id="statements.amount" />
                  </th>
                  <th className="text-right max-sm:hidden print:table-cell">
                    <FormattedMessage id="statements.balance" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {statementRows(intl, data, account).map((row, i) => (
                  // On a phone a row is its document with the date under it, and its amount with the
                  // balance under it: every figure in view.
                  <tr key={i} className={row.strong ? 'font-semibold' : undefined}>
                    <td className="whitespace-nowrap max-sm:hidden print:table-cell">{row.date}</td>
                    <td>
                      {keepReferences(row.label)}
                      <span className="block text-xs font-normal opacity-75 sm:hidden print:hidden">
                        {row.date}
                      </span>
                    </td>
                    <td className="text-right whitespace-nowrap">
                      {row.amount}
                      <span className="block text-xs opacity-75 sm:hidden print:hidden">
                        {intl.formatMessage({ id: 'statements.balance' })} {row.balance}
                      </span>
                    </td>
                    <td
                      className="text-right whitespace-nowrap max-sm:hidden print:table-cell"
                      data-testid={row.strong ? 'amount-due' : undefined}
                    >
                      {row.balance}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-right text-sm opacity-80" data-testid="statement-summary">
            {statementSummary(intl, account).map((item, i) => (
              <span key={i} className="whitespace-nowrap">
                {i > 0 && ' · '}
                {item}
              </span>
            ))}
          </p>
        </section>
      ))}
      <DocumentFoot seller={data.seller} howToPay={data.accounts.some((a) => a.closing > 0)} />
    </article>
  );
}

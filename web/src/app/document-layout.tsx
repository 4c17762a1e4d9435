// The frame of a document a customer opens by link (an invoice, a receipt, a statement): the seller's
// document and nothing of ours around it but one quiet line at the foot — no marketing menu, sign-in
// buttons or theme picker on a page the shop sends to its customers.
import { FormattedMessage } from 'react-intl';
import { Link, Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '@/lib/product.ts';

export function DocumentLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-base-200 text-base-content print:bg-base-100">
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="px-4 py-6 text-center text-xs opacity-80 print:hidden">
        <FormattedMessage
          id="documents.sentWith"
          values={{
            product: (
              <Link to="/" className="link">
                {PRODUCT_NAME}
              </Link>
            ),
          }}
        />
      </footer>
    </div>
  );
}

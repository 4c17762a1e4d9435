// @vitest-environment happy-dom
// The amount a payment is offered at, on an invoice's page: the page may first draw the copy this device kept
// from before the last payment was read back (a full balance), then the server's answer. The field test saw
// the dialog keep the old balance and offer more than was owed; the amount follows the balance until the
// member types one, and what they typed is never replaced.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrganizationProvider } from '@/lib/organization.tsx';
import { orgAs } from '@/test/render-as.tsx';
import { plain, renderIn } from '@/test/render-in.tsx';
import { RecordPaymentDialog } from './record-payment-dialog.tsx';

const org = orgAs('OWNER');
const invoice = (balance: number) => ({
  id: '019a0000-0000-7000-8000-000000000002',
  number: 'INV-000001',
  currency: 'GHS',
  balance,
  customer: { name: 'Ama Serwaa' },
});

function drawn(balance: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  const dialog = (b: number) => (
    <QueryClientProvider client={client}>
      <OrganizationProvider org={org}>
        <RecordPaymentDialog invoice={invoice(b)} onClose={() => {}} />
      </OrganizationProvider>
    </QueryClientProvider>
  );
  const view = renderIn('en', dialog(balance));
  const amount = () => plain(screen.getByLabelText<HTMLInputElement>('Amount').value);
  return { ...view, amount, readBack: (b: number) => view.rerender(dialog(b)) };
}

describe('the amount a payment is offered at', () => {
  it('follows the balance the server answers until the member types one', async () => {
    localStorage.clear();
    const { amount, readBack } = drawn(208.5);
    expect(amount()).toBe('208.50');
    readBack(108.5);
    expect(amount()).toBe('108.50');
  });

  it('keeps what the member typed when the balance is read again', async () => {
    localStorage.clear();
    const { amount, readBack, user } = drawn(208.5);
    const field = screen.getByLabelText<HTMLInputElement>('Amount');
    await user.clear(field);
    await user.type(field, '50');
    await user.tab();
    readBack(108.5);
    expect(amount()).toBe('50');
  });
});

// @vitest-environment happy-dom
// An invoice's lines as a shop owner writes them: lines added and removed, each a quantity × a unit price
// with its tax, a product filling in its line, and the totals under them as the database will compute them,
// written the owner's way (₵3,001.00 in English, 1 500,75 UM in French).
import { screen, within } from '@testing-library/react';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/lib/i18n.tsx';
import { plain, renderIn } from '@/test/render-in.tsx';
import { emptyLine, InvoiceLineFields, InvoiceTotals } from './invoice-line-fields.tsx';

const rice = { id: '0190f000-0000-7000-8000-0000000000a1', name: 'Rice 5 kg', sku: 'RICE5', price: 250 };

/** The lines of a new invoice (the organization's tax rate, 15%) and its totals, as Create Invoice draws them. */
function NewInvoiceLines({ currency }: { currency: string }) {
  const form = useForm({ defaultValues: { lines: [emptyLine(15)] } });
  const lines = useWatch({ control: form.control, name: 'lines' });
  return (
    <>
      <InvoiceLineFields form={form} products={[rice]} currency={currency} taxRate={15} />
      <InvoiceTotals lines={lines} currency={currency} />
    </>
  );
}

function draw(locale: Locale, currency: string) {
  const { user } = renderIn(locale, <NewInvoiceLines currency={currency} />);
  const lines = () => screen.getAllByTestId('invoice-line');
  /** Replaces what a field of line `i` holds with `text`, as typed. */
  const fill = async (i: number, label: string, text: string) => {
    const input = within(lines()[i]!).getByLabelText(label);
    await user.clear(input);
    await user.type(input, text);
    await user.tab();
  };
  /** The totals as read: each label with its amount. */
  const totals = () => {
    const list = screen.getByTestId('invoice-totals');
    const amounts = [...list.querySelectorAll('dd')].map((dd) => plain(dd.textContent));
    return Object.fromEntries([...list.querySelectorAll('dt')].map((dt, i) => [dt.textContent, amounts[i]]));
  };
  return { user, lines, fill, totals };
}

describe('the lines of a new invoice', () => {
  it('multiply each quantity by its price, add the tax, and total the lines in English', async () => {
    const { fill, totals } = draw('en', 'GHS');
    expect(totals()).toEqual({ Subtotal: '₵0.00', Tax: '₵0.00', Total: '₵0.00' });
    await fill(0, 'Unit price', '1,500.50');
    await fill(0, 'Qty', '2');
    expect(totals()).toEqual({ Subtotal: '₵3,001.00', Tax: '₵450.15', Total: '₵3,451.15' });
  });

  it('add a line at the organization’s tax rate, and remove any but the last', async () => {
    const { user, lines, fill, totals } = draw('en', 'GHS');
    await fill(0, 'Unit price', '1,500.50');
    // A line added starts at one of nothing, at the organization's tax rate.
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    expect(lines()).toHaveLength(2);
    expect(within(lines()[1]!).getByLabelText<HTMLInputElement>('Qty').value).toBe('1');
    expect(within(lines()[1]!).getByLabelText<HTMLInputElement>('Tax %').value).toBe('15');
    await fill(1, 'Unit price', '100');
    expect(totals()).toEqual({ Subtotal: '₵1,600.50', Tax: '₵240.08', Total: '₵1,840.58' });

    // The first line removed: only the second counts, and the last line cannot be removed.
    await user.click(screen.getAllByRole('button', { name: 'Remove item' })[0]!);
    expect(lines()).toHaveLength(1);
    expect(totals()).toEqual({ Subtotal: '₵100.00', Tax: '₵15.00', Total: '₵115.00' });
    expect(screen.queryByRole('button', { name: 'Remove item' })).toBeNull();
  });

  it('take the decimal comma and the spaces of French, and show the totals the French way', async () => {
    const { fill, totals } = draw('fr', 'MRU');
    await fill(0, 'Qté', '1,5');
    await fill(0, 'Prix unitaire', '1 000,50');
    expect(totals()).toEqual({ 'Sous-total': '1 500,75 UM', TVA: '225,11 UM', Total: '1 725,86 UM' });

    await fill(0, 'TVA %', '7,5');
    expect(totals()).toEqual({ 'Sous-total': '1 500,75 UM', TVA: '112,56 UM', Total: '1 613,31 UM' });
  });

  it('fill in a line from the product chosen: its name and its price', async () => {
    const { user, lines, totals } = draw('en', 'GHS');
    await user.selectOptions(within(lines()[0]!).getByLabelText('Product (optional)'), 'Rice 5 kg (RICE5)');
    expect(within(lines()[0]!).getByLabelText<HTMLInputElement>('Description').value).toBe('Rice 5 kg');
    expect(within(lines()[0]!).getByLabelText<HTMLInputElement>('Unit price').value).toBe('250');
    expect(totals()).toEqual({ Subtotal: '₵250.00', Tax: '₵37.50', Total: '₵287.50' });
  });

  it('count a price that cannot be read as nothing, and say why under it', async () => {
    const { fill, lines, totals } = draw('fr', 'MRU');
    await fill(0, 'Prix unitaire', '12abc');
    expect(totals()).toEqual({ 'Sous-total': '0,00 UM', TVA: '0,00 UM', Total: '0,00 UM' });
    const price = within(lines()[0]!).getByLabelText('Prix unitaire');
    expect(plain(document.getElementById(price.getAttribute('aria-describedby')!)?.textContent)).toBe(
      'Saisissez un montant comme 150,75',
    );
  });
});

// Each kind of notification as a member reads it, in English and in French, with the app's own catalogs.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { FORMATS, loadMessages } from '@/lib/i18n.tsx';
import { sentence, target } from './notification-text.ts';
import type { AppNotification } from './notifications.ts';

const [en, fr] = await Promise.all([loadMessages('en'), loadMessages('fr')]);
const intl = {
  en: createIntl({ locale: FORMATS.en, messages: en }),
  fr: createIntl({ locale: FORMATS.fr, messages: fr }),
};
const n = (kind: AppNotification['kind'], data: Record<string, unknown>): AppNotification => ({
  id: 'n1',
  kind,
  subjectId: 'subject-1',
  data,
  createdAt: '2026-11-27T08:00:00Z',
  readAt: null,
});
// Spaces as the browser's number formats write them (narrow and ordinary no-break spaces) read as spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2011/g, '-');

describe('a notification', () => {
  it('says what happened in English and in French, with amounts in the currency', () => {
    const cases = [
      n('low_stock', { name: 'Rice 5kg', sku: 'RICE-5', stock: 2.5, threshold: 5 }),
      n('payment_received', {
        customerName: 'Ama Serwaa',
        amount: '1500.00',
        currency: 'GHS',
        invoiceNumber: 'INV-000001',
      }),
      n('invoice_overdue', {
        customerName: 'Awa Diop',
        balance: '25000',
        currency: 'XOF',
        invoiceNumber: 'INV-000002',
        dueAt: '2026-11-20',
      }),
      n('lead_assigned', { name: 'Mensah Stores', assignedBy: 'Kwame Asante' }),
      n('lead_assigned', { name: 'Mensah Stores', assignedBy: null }),
      n('member_joined', { name: null, email: 'kojo@example.com', role: 'ACCOUNTANT' }),
    ];
    expect(cases.map((c) => plain(sentence(intl.en, c)))).toEqual([
      'Rice 5kg is low on stock: 2.5 left (alert at 5)',
      'Ama Serwaa paid ₵1,500.00 on invoice INV-000001',
      'Invoice INV-000002 for Awa Diop is overdue: CFA 25,000 was due on 20 Nov 2026',
      'Kwame Asante gave you the lead “Mensah Stores”',
      'The lead “Mensah Stores” is now yours',
      'kojo@example.com joined the team as Accountant',
    ]);
    expect(cases.map((c) => plain(sentence(intl.fr, c)))).toEqual([
      'Stock bas pour Rice 5kg : il en reste 2,5 (alerte à 5)',
      'Ama Serwaa a payé 1 500,00 ₵ sur la facture INV-000001',
      'La facture INV-000002 de Awa Diop est en retard : 25 000 CFA était dû le 20 nov. 2026',
      'Kwame Asante vous a confié le prospect « Mensah Stores »',
      'Le prospect « Mensah Stores » vous est confié',
      'kojo@example.com a rejoint l’équipe en tant que Comptable',
    ]);
  });

  it('opens the product, the invoice, the lead or the team', () => {
    expect(target(n('low_stock', { sku: 'RICE 5' }))).toBe('/inventory?search=RICE+5&product=subject-1');
    expect(target(n('low_stock', { name: 'Kenkey', sku: null }))).toBe(
      '/inventory?search=Kenkey&product=subject-1',
    );
    expect(target(n('payment_received', {}))).toBe('/sales/invoices/subject-1');
    expect(target(n('invoice_overdue', {}))).toBe('/sales/invoices/subject-1');
    expect(target(n('lead_assigned', {}))).toBe('/crm?lead=subject-1');
    expect(target(n('member_joined', {}))).toBe('/team');
  });
});

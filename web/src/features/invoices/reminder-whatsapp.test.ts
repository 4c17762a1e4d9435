// A payment reminder speaks of its due date in the right tense: a customer reminded before the due date is
// not told the invoice is already late.
import { describe, expect, it } from 'vitest';
import { reminderMessageId } from './reminder-whatsapp.tsx';

describe('a payment reminder', () => {
  it('says the invoice is due, due today, or was due, by the shop’s today', () => {
    expect(reminderMessageId('2026-12-05', '2026-11-28')).toBe('invoices.reminderMessageUpcoming');
    expect(reminderMessageId('2026-11-28', '2026-11-28')).toBe('invoices.reminderMessageToday');
    expect(reminderMessageId('2026-11-27', '2026-11-28')).toBe('invoices.reminderMessage');
    expect(reminderMessageId(null, '2026-11-28')).toBe('invoices.reminderMessageNoDate');
  });
});

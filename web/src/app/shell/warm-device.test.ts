// What the device keeps for offline use is what the member may read: a salesperson's device does not ask for
// the expenses or the activity log, which the server refuses to that role by design (a 403 on every screen is
// data paid for on a metered line, for nothing).
import { describe, expect, it } from 'vitest';
import { screenQueries } from './warm-device.ts';

const paths = (role: Parameters<typeof screenQueries>[1]) =>
  Object.values(screenQueries('org-1', role))
    .flat()
    .map((q) => String(q.queryKey[0]));

describe('the reads a device makes to keep every screen', () => {
  it('leave out what a salesperson may not read', () => {
    const sales = paths('SALES');
    expect(sales).not.toContain('/api/expenses');
    expect(sales).not.toContain('/api/audit');
    expect(sales).toContain('/api/invoices');
  });

  it('keep the expenses for those who record them', () => {
    for (const role of ['OWNER', 'MANAGER', 'ACCOUNTANT'] as const)
      expect(paths(role)).toContain('/api/expenses');
  });
});

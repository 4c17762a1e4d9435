// @vitest-environment happy-dom
// What the products tab offers each role: a salesperson (or an accountant) reads the products and their
// details, told their role cannot change them, with no Add, Edit, Delete or Adjust Stock; an owner has them
// all. The refusals themselves are the database's and /api's (supabase/tests/role-matrix.test.ts for products,
// supabase/tests/inventory.test.ts "refuses moves from SALES and ACCOUNTANT members", tests/api/inventory.test.ts
// "lets ACCOUNTANT and SALES members read inventory but not change it"): this proves the screen hides them.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/permissions.ts';
import { productKeys } from '@/lib/api/products.ts';
import { cacheWithoutServer, orgAs, renderAs } from '@/test/render-as.tsx';
import { ProductsTab } from './products-tab.tsx';

/** What the tab offers a member with `role` (Milo 400g in stock), then in its details: each control or null. */
async function productsAs(role: Role) {
  const org = orgAs(role);
  // Nothing is read from a server: the list is here, and a query without data (the product's moves) stays idle.
  const client = cacheWithoutServer();
  client.setQueryData(productKeys.list(org.id, { search: '', offset: 0 }), {
    total: 1,
    rows: [
      {
        id: '019a0000-0000-7000-8000-000000000002',
        name: 'Milo 400g',
        sku: 'MILO-400',
        barcode: null,
        unit: 'pcs',
        cost: 30,
        price: 36,
        taxCode: null,
        stockOnHand: 12,
        lowStockThreshold: 0,
        stockStatus: 'IN_STOCK',
        version: 1,
        updatedAt: '2026-11-28T09:00:00Z',
      },
    ],
  });
  const view = renderAs(org, <ProductsTab />, { client, path: '/inventory' });
  expect(screen.queryByText('Milo 400g')).not.toBeNull();
  const add = screen.queryByRole('button', { name: 'Add Product' });
  const edit = screen.queryByRole('button', { name: 'Edit Milo 400g' });
  const remove = screen.queryByRole('button', { name: 'Delete Milo 400g' });
  const readOnly = screen.queryByText('Your role can view the inventory but not change it.');
  await view.user.click(screen.getByRole('button', { name: 'Details' }));
  await screen.findByRole('dialog', { name: 'Milo 400g' });
  return { add, edit, remove, readOnly, adjust: screen.queryByRole('button', { name: 'Adjust Stock' }) };
}

describe('the products tab by role', () => {
  it.each(['SALES', 'ACCOUNTANT'] as const)('lets %s read the products but change nothing', async (role) => {
    const tab = await productsAs(role);
    expect(tab.readOnly).not.toBeNull();
    expect(tab.add).toBeNull();
    expect(tab.edit).toBeNull();
    expect(tab.remove).toBeNull();
    expect(tab.adjust).toBeNull();
  });

  it('gives an owner Add, Edit, Delete and Adjust Stock', async () => {
    const tab = await productsAs('OWNER');
    expect(tab.readOnly).toBeNull();
    expect(tab.add).not.toBeNull();
    expect(tab.edit).not.toBeNull();
    expect(tab.remove).not.toBeNull();
    expect(tab.adjust).not.toBeNull();
  });
});

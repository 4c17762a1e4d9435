// Cleaning up customers on a phone, in French: a customer entered twice cannot be deleted (it has an invoice),
// so the owner merges it into the one kept, from the refusal itself; a customer never used is deleted.
import { apiAs, expect, registerOwner, signIn, test, useLanguage } from './fixtures.ts';

test('an owner merges a duplicate into the customer kept and deletes an unused one', async ({ page }) => {
  await useLanguage(page, 'fr');
  const owner = await registerOwner(page, { country: 'SN', currency: 'XOF', locale: 'fr' });
  await signIn(page, owner.email, owner.password, { load: false });
  const kept = await apiAs(page, '/customers', { name: 'Fatou Ndiaye', phone: '77 654 32 10' });
  const twin = await apiAs(page, '/customers', { name: 'F. Ndiaye', email: 'fatou@example.com' });
  await apiAs(page, '/customers', { name: 'Client essai' });
  await apiAs(page, '/invoices', { customerId: twin.id, status: 'ISSUED', total: 5000 });

  await page.goto('/sales');
  await page.getByRole('tab', { name: 'Clients' }).click();
  const list = page.getByTestId('customers-table');
  await list.getByRole('button', { name: 'Supprimer F. Ndiaye' }).click();
  const remove = page.getByRole('dialog', { name: 'Supprimer F. Ndiaye ?' });
  await remove.getByRole('button', { name: 'Supprimer' }).click();
  // Refused with its reason, in French, and the merge offered in its place.
  const refused = page.getByRole('dialog', { name: 'F. Ndiaye ne peut pas être supprimé' });
  await expect(refused.getByTestId('delete-refused')).toHaveText(
    'Ce client a une facture ou un devis : fusionnez-le plutôt avec le client à garder',
  );
  await refused.getByRole('button', { name: 'Fusionner avec…' }).click();

  const merge = page.getByRole('dialog', { name: 'Fusionner F. Ndiaye avec…' });
  await expect(merge.getByRole('button', { name: 'Fusionner', exact: true })).toBeDisabled();
  await merge.getByLabel('Chercher un client par nom, téléphone ou e-mail').fill('ndiaye');
  // The duplicate itself is not offered.
  await expect(merge.getByRole('button', { name: /F\. Ndiaye/ })).toHaveCount(0);
  await merge.getByRole('button', { name: /Fatou Ndiaye/ }).click();
  await expect(merge.getByTestId('chosen-customer')).toHaveText('Fatou Ndiaye');
  await expect(merge.getByTestId('merge-what')).toContainText(
    'Tout ce qui concerne F. Ndiaye passe à Fatou Ndiaye : factures et devis',
  );
  await merge.getByRole('button', { name: 'Fusionner', exact: true }).click();
  await expect(
    page.getByText('F. Ndiaye fusionné avec Fatou Ndiaye : 1 facture déplacée, aucun abonnement'),
  ).toBeVisible();
  await expect(merge).toBeHidden();
  await expect(list).not.toContainText('F. Ndiaye');
  // The kept customer has the duplicate's e-mail now, and its invoice (its statement owes 5 000 CFA).
  await expect(list).toContainText('fatou@example.com');
  const today = new Date().toISOString().slice(0, 10);
  const statement = await apiAs(page, `/customers/${kept.id}/statement?from=2020-01-01&to=${today}`);
  expect(statement.accounts).toEqual([expect.objectContaining({ currency: 'XOF', closing: 5000 })]);

  await list.getByRole('button', { name: 'Supprimer Client essai' }).click();
  const unused = page.getByRole('dialog', { name: 'Supprimer Client essai ?' });
  await unused.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Client supprimé')).toBeVisible();
  await expect(list).not.toContainText('Client essai');
  await expect(list).toContainText('Fatou Ndiaye');
});

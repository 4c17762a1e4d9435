import type { Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test, useLanguage } from './fixtures.ts';

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

test.describe('the CRM pipeline', () => {
  test('adds a lead, moves it by its stage buttons and by dragging, keeps notes, and the dashboard follows', async ({
    page,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/crm');
    for (const stage of ['PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON', 'CLOSED_LOST'])
      await expect(page.getByTestId(`column-${stage}`)).toContainText('No leads in this stage');

    await button(page, 'Add Lead').click();
    const dialog = page.getByRole('dialog', { name: 'Add Lead' });
    await expect(dialog.getByLabel('Stage')).toHaveValue('PROSPECT');
    await dialog.getByRole('button', { name: 'Save Lead' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill('Aisha Bello');
    await dialog.getByLabel('Company').fill('Bello Pharmacy');
    await dialog.getByLabel('Phone').fill('+234 803 555 0101');
    await dialog.getByLabel('Email').fill('aisha@bello.example');
    await dialog.getByLabel('Value').fill('2500');
    await dialog.getByRole('button', { name: 'Save Lead' }).click();
    await expect(page.getByText('Lead created successfully')).toBeVisible();
    await expect(page.getByTestId('summary-PROSPECT')).toContainText('1');
    await expect(page.getByTestId('summary-PROSPECT')).toContainText('2,500.00');
    // A tap on the card's phone calls the lead.
    await expect(
      page.getByTestId('column-PROSPECT').getByRole('link', { name: 'Call +234 803 555 0101' }),
    ).toHaveAttribute('href', 'tel:+2348035550101');

    await page.getByTestId('column-PROSPECT').getByTestId('lead-card').click();
    const details = page.getByRole('dialog', { name: 'Lead Details' });
    await expect(details).toContainText('Bello Pharmacy');
    await expect(details).toContainText('Efua Boateng');
    await expect(details.getByRole('link', { name: 'aisha@bello.example' })).toHaveAttribute(
      'href',
      'mailto:aisha@bello.example',
    );
    await details.getByRole('button', { name: 'Proposal' }).click();
    await expect(page.getByText('Lead updated successfully')).toBeVisible();
    await expect(details.getByTestId('lead-stage')).toHaveText('Proposal');
    await details.getByLabel('Add note').fill('Wants delivery on Fridays');
    await details.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Action completed successfully')).toBeVisible();
    await expect(details.getByTestId('lead-notes')).toContainText('Wants delivery on Fridays');
    await expect(details.getByLabel('Add note')).toHaveValue('');
    await expect(details.getByTestId('lead-notes')).toContainText('Efua Boateng');
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByTestId('column-PROPOSAL')).toContainText('Aisha Bello');

    // Drag the card onto the Closed Won column.
    const card = page.getByTestId('column-PROPOSAL').getByTestId('lead-card');
    const from = (await card.boundingBox())!;
    const to = (await page.getByTestId('column-CLOSED_WON').boundingBox())!;
    if ((page.viewportSize()?.width ?? 1280) < 768) {
      // On a phone the board scrolls sideways: move by the stage buttons instead (same call).
      await card.click();
      await page
        .getByRole('dialog', { name: 'Lead Details' })
        .getByRole('button', { name: 'Closed Won' })
        .click();
    } else {
      await page.mouse.move(from.x + 10, from.y + 10);
      await page.mouse.down();
      await page.mouse.move(from.x + 40, from.y + 30, { steps: 5 });
      await page.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 10 });
      await page.mouse.up();
    }
    await expect(page.getByTestId('column-CLOSED_WON')).toContainText('Aisha Bello');
    expect((await apiAs(page, '/leads'))[0].stage).toBe('CLOSED_WON');

    await page.goto('/');
    await expect(page.getByTestId('stage-CLOSED_WON')).toContainText('Aisha Bello');
    await expect(page.getByTestId('stage-CLOSED_WON')).toContainText('2,500.00');
    await expect(page.getByTestId('stage-PROSPECT')).toContainText('0');
  });

  test('searches leads by name or company, and is in French', async ({ page }) => {
    await useLanguage(page, 'fr');
    const owner = await registerOwner(page, { locale: 'fr' });
    await signIn(page, owner.email, owner.password, { load: false });
    await apiAs(page, '/leads', { name: 'Moussa Diallo', company: 'Diallo Import' });
    await apiAs(page, '/leads', { name: 'Fatou Sow', company: 'Sow Textiles', stage: 'QUALIFIED' });
    await page.goto('/crm');
    await expect(page.getByTestId('column-PROPOSAL')).toContainText('Aucun prospect à cette étape');
    await page.getByLabel('Rechercher des prospects').fill('textiles');
    await expect(page.getByTestId('column-QUALIFIED')).toContainText('Fatou Sow');
    await expect(page.getByText('Moussa Diallo')).toHaveCount(0);
    await button(page, 'Ajouter un prospect').click();
    await page
      .getByRole('dialog', { name: 'Ajouter un prospect' })
      .getByRole('button', { name: 'Enregistrer le prospect' })
      .click();
    await expect(page.getByText('Le nom est obligatoire')).toBeVisible();
  });

  test('a long column shows its most valuable leads first and the rest on demand; a link opens any lead', async ({
    page,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    // 27 prospects, worth 100 to 2,700: the column shows the 25 most valuable first.
    const leads: { id: string }[] = await Promise.all(
      Array.from({ length: 27 }, (_, i) =>
        apiAs(page, '/leads', { name: `Prospect ${i + 1}`, value: (i + 1) * 100 }),
      ),
    );
    await page.goto('/crm');
    const column = page.getByTestId('column-PROSPECT');
    await expect(column.getByTestId('lead-card')).toHaveCount(25);
    await expect(column.getByTestId('column-count')).toHaveText('27');
    await expect(column.getByTestId('lead-card').first()).toContainText('Prospect 27');
    await expect(column.getByText('Prospect 1', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('summary-PROSPECT')).toContainText('27');
    await column.getByRole('button', { name: 'Show 2 more' }).click();
    await expect(column.getByTestId('lead-card')).toHaveCount(27);
    await expect(column.getByText('Prospect 1', { exact: true })).toBeVisible();
    await expect(column.getByRole('button', { name: /Show \d+ more/ })).toHaveCount(0);

    // A notification's link names a lead the board does not show first: its details open all the same.
    await page.goto(`/crm?lead=${leads[0]!.id}`);
    const details = page.getByRole('dialog', { name: 'Lead Details' });
    await expect(details).toContainText('Prospect 1');
    await expect(column.getByTestId('lead-card')).toHaveCount(25);
    await expect(page).toHaveURL(/\/crm$/);
  });
});

// Settings > Profile > Change password: the current password is asked for and checked by Auth,
// the new one must not be a common one, and each refusal shows under the field it is about.
import { expect, registerOwner, signIn, signOut, test } from './fixtures.ts';

test('changing the password asks for the current one and refuses a common new one', async ({ page }) => {
  const owner = await registerOwner(page);
  await signIn(page, owner.email, owner.password, { load: false });
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const form = page.getByRole('form', { name: 'Change password' });
  const current = form.getByLabel('Current password');
  const fresh = form.getByLabel('New password');
  const submit = form.getByRole('button', { name: 'Change password' });

  // A common password is refused before anything is sent.
  await current.fill(owner.password);
  await fresh.fill('password123');
  await submit.click();
  await expect(fresh).toHaveAccessibleDescription(/one of the most common ones/);

  // A wrong current password: Auth refuses, and the form says so under that field.
  await current.fill('not-my-password');
  await fresh.fill('a-fresh-secret-2026');
  await submit.click();
  await expect(current).toHaveAccessibleDescription('Your current password is not right.');

  // The right one: changed; the new password signs in.
  await current.fill(owner.password);
  await submit.click();
  await expect(page.getByText('Your password was changed.', { exact: false })).toBeVisible();
  await expect(current).toHaveValue('');
  await signOut(page);
  await signIn(page, owner.email, 'a-fresh-secret-2026');
});

// @vitest-environment happy-dom
// A refusal of the server in the Invite Team Member dialog: inviting someone already in the team is refused
// with the reason ALREADY_MEMBER on the email field (supabase/tests/invitations.test.ts "refuses an email
// that already belongs to a member, whatever its case, and an invalid email"; tests/api/team.test.ts "counts
// the pending invitation as a seat on Starter (402) and refuses an existing member (409)"). The dialog says
// it under the Email Address field, in the member's words, and keeps what they typed to correct it.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { orgAs, renderAs } from '@/test/render-as.tsx';
import { InviteDialog } from './invite-dialog.tsx';

// The write the dialog sends, answered here as the server refuses it (the outbox is not the subject).
const send = vi.hoisted(() => vi.fn());
vi.mock('@/lib/send.ts', () => ({ send, SavedOffline: class SavedOffline extends Error {} }));

const org = orgAs('MANAGER');

describe('the Invite Team Member dialog', () => {
  it('says under the email that the person is already a member, and keeps the email typed', async () => {
    send.mockRejectedValue(
      new ApiError(409, 'This person is already a member of this organization', {
        code: 'ALREADY_EXISTS',
        reason: 'ALREADY_MEMBER',
        field: 'email',
      }),
    );
    const { user } = renderAs(org, <InviteDialog onClose={() => {}} />);
    const email = screen.getByLabelText<HTMLInputElement>('Email Address');
    await user.type(email, 'efua@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'ACCOUNTANT');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await vi.waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'POST',
        path: `/api/organizations/${org.id}/invitations`,
        body: expect.objectContaining({ email: 'efua@example.com', role: 'ACCOUNTANT' }),
      }),
    );
    const description = document.getElementById(email.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe('This person is already a member of this organization');
    expect(email.value).toBe('efua@example.com');
  });
});

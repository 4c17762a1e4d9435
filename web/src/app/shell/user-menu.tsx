import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '@/lib/session/current-user.ts';
import { SignOutLink } from './pending-changes.tsx';

const initials = (u: CurrentUser) =>
  u.firstName || u.lastName
    ? `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase()
    : u.email.charAt(0).toUpperCase();

/** Initials, full name (or email) and the member's real role; Profile Settings and Sign Out. */
export function UserMenu({ user, role }: { user: CurrentUser; role?: string }) {
  const intl = useIntl();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <details className="dropdown dropdown-end">
      <summary
        className="btn btn-ghost min-h-11 min-w-11 shrink-0 px-1"
        // Its name says what it is and holds what it shows (the initials), as speech input expects.
        aria-label={`${initials(user)} ${intl.formatMessage({ id: 'shell.userMenu' })}`}
      >
        <span className="avatar avatar-placeholder">
          <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm text-primary-content">
            {initials(user)}
          </span>
        </span>
      </summary>
      <div
        data-testid="user-menu"
        className="dropdown-content z-40 mt-2 w-60 rounded-box border border-base-300 bg-base-100 p-3 shadow-lg"
      >
        <p className="font-semibold">{name}</p>
        {role && (
          <p className="text-sm opacity-70">
            <FormattedMessage id={`app.role.${role}`} />
          </p>
        )}
        <ul className="menu mt-2 p-0">
          <li>
            <Link to="/settings?tab=profile" className="min-h-11">
              <FormattedMessage id="shell.profileSettings" />
            </Link>
          </li>
          <li>
            <SignOutLink className="min-h-11" />
          </li>
        </ul>
      </div>
    </details>
  );
}

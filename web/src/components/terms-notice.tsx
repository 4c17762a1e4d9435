// "By continuing you agree to our terms of service and privacy policy", with both linked to their pages:
// under sign-in and every form that creates an account.
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

export function TermsNotice({ className = '' }: { className?: string }) {
  return (
    <p className={`text-xs opacity-75 ${className}`}>
      <FormattedMessage
        id="auth.terms"
        values={{
          terms: (words) => (
            <Link to="/terms" className="link">
              {words}
            </Link>
          ),
          privacy: (words) => (
            <Link to="/privacy" className="link">
              {words}
            </Link>
          ),
        }}
      />
    </p>
  );
}

import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading } from '@/components/ui/loading.tsx';
import { forgetDrafts } from '@/lib/form-draft.ts';
import { signOutHere } from '@/lib/session/unauthorized.ts';

/** Where /api/logout leads: ends the session on this device, forgets cached data and drafts, goes to /. */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void signOutHere().finally(() => {
      forgetDrafts();
      void navigate('/', { replace: true });
    });
  }, [navigate]);
  return <Loading />;
}

import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading } from '../../../components/ui/loading.tsx';
import { forgetDrafts } from '../../../lib/form-draft.ts';
import { forgetCachedData } from '../../../lib/query-client.ts';
import { supabase } from '../../../lib/supabase.ts';

/** Where /api/logout leads: ends the session on this device, forgets cached data and drafts, goes to /. */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void supabase.auth.signOut({ scope: 'local' }).finally(() => {
      forgetCachedData();
      forgetDrafts();
      void navigate('/', { replace: true });
    });
  }, [navigate]);
  return <Loading />;
}

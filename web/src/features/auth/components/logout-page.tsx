import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading } from '../../../components/ui/loading.tsx';
import { supabase } from '../../../lib/supabase.ts';

/** Where /api/logout leads: ends the session on this device, forgets cached data, goes to /. */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    void supabase.auth.signOut({ scope: 'local' }).finally(() => {
      queryClient.clear();
      void navigate('/', { replace: true });
    });
  }, [navigate, queryClient]);
  return <Loading />;
}

// Files the app hands to the member: made in the browser (a template) or answered by /api (an export).
import { apiErrorOf, apiUrl } from './api-client.ts';

export function saveFile(fileName: string, content: Blob | string, type = 'text/csv;charset=utf-8'): void {
  const blob = content instanceof Blob ? content : new Blob([content], { type });
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads what an /api path answers (with the session and organization), named as the server says. */
export async function downloadFromApi(path: string, orgId: string, fallbackName: string): Promise<void> {
  const { supabase } = await import('./supabase.ts');
  const { data } = await supabase.auth.getSession();
  const res = await fetch(apiUrl(path), {
    headers: { Authorization: `Bearer ${data.session?.access_token ?? ''}`, 'x-org-id': orgId },
  });
  if (!res.ok) throw await apiErrorOf(res);
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  saveFile(name ?? fallbackName, await res.blob());
}

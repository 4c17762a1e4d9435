// How the app asks for a page of a list: the page size every list uses and the query string it sends.

export const PAGE_SIZE = 25;

/** The query string of the set values (empty ones left out). */
export const qs = (p: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
};

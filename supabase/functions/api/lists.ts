// What the routes share: a body with the organization it is for, a page of a list read from the query
// string, and the total that page is part of (X-Total-Count).
import { z } from 'zod';
import type { orgContext } from '../_shared/context.ts';
import { invalidQuery } from '../_shared/http.ts';

/** A request body with the organization it is for (the caller's current one when none is given). */
export const withOrg = <T extends z.ZodType>(schema: T) =>
  z.intersection(schema, z.object({ orgId: z.string().optional() }));

/** The organization field of a body, for `.extend` of an object schema. */
export const WithOrg = { orgId: z.string().optional() };

export const Paging = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().trim().max(100).optional(),
});
/** The query string read with `schema`; 400 when it does not fit. */
export function query<T extends z.ZodType>(req: Request, schema: T): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw invalidQuery(parsed.error);
  return parsed.data;
}
export const withTotal = (body: unknown, total: number) =>
  Response.json(body, { headers: { 'x-total-count': String(total) } });

export type Db = Awaited<ReturnType<typeof orgContext>>['db'];

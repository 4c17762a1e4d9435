// /api/leads: the pipeline read through RLS (search by name or company in the database, stage filter,
// pages; one lead by its id), and every write one idempotent SQL mutation (Idempotency-Key = the outbox's id).
import { z } from 'zod';
import type { Lead, LeadNoteEntry, LeadSummary } from '@shared/api/leads.ts';
import { LeadFormSchema, LeadNoteSchema, LeadUpdateSchema } from '@shared/schemas/crm.ts';
import { LEAD_STAGES } from '@shared/schemas/values.ts';
import { AppError } from '../_shared/errors.ts';
import type { Params } from './router.ts';
import { type Db, ok, orgRequest, query, withTotal } from './request.ts';

const ListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  stage: z.enum(LEAD_STAGES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

const LEAD_COLUMNS =
  'id, name, company, phone, email, value, stage, close_date, owner_id, created_at, updated_at';

type LeadRow = {
  id: string;
  name: string;
  company: string | null;
  phone: string | null;
  email: string | null;
  value: number | null;
  stage: Lead['stage'];
  close_date: string | null;
  owner_id: string | null;
  created_at: string;
  updated_at: string;
};
type Person = NonNullable<Lead['owner']>;

/** The people behind user ids (lead owners, note authors), in one query. */
async function names(db: Db, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const found = new Map<string, Person>();
  if (!wanted.length) return found;
  const { data } = ok(await db.from('profiles').select('id, first_name, last_name').in('id', wanted));
  for (const p of data) found.set(p.id, { id: p.id, firstName: p.first_name, lastName: p.last_name });
  return found;
}

const toLead = (l: LeadRow, owners: Map<string, Person>): Lead => ({
  id: l.id,
  name: l.name,
  company: l.company,
  phone: l.phone,
  email: l.email,
  value: l.value === null ? null : Number(l.value),
  stage: l.stage,
  closeDate: l.close_date,
  owner: (l.owner_id ? owners.get(l.owner_id) : undefined) ?? null,
  createdAt: l.created_at,
  updatedAt: l.updated_at,
});

export async function listLeads(req: Request): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  const q = query(req, ListQuery);
  let rows = db.from('leads').select(LEAD_COLUMNS, { count: 'exact' }).eq('org_id', orgId);
  if (q.stage) rows = rows.eq('stage', q.stage);
  // Quoted values may hold the filter syntax's dots (an e-mail's); quotes and the rest are taken out.
  const term = q.search?.replace(/[%_,()*\\:"]/g, ' ').trim();
  if (term) {
    // A name, company or e-mail holding the term; a term that reads as a phone number (3 digits or more)
    // also finds a lead's number by its digits, however it was spaced.
    const digits = /^[0-9 +().-]+$/.test(term) ? term.replace(/[^0-9]/g, '') : '';
    rows = rows.or(
      [
        `name.ilike."*${term}*"`,
        `company.ilike."*${term}*"`,
        `email.ilike."*${term}*"`,
        ...(digits.length >= 3 ? [`phone_digits.like."*${digits}*"`] : []),
      ].join(','),
    );
  }
  const { data, count } = ok(
    await rows
      .order('value', { ascending: false, nullsFirst: false })
      .order('updated_at', { ascending: false })
      .range(q.offset, q.offset + q.limit - 1),
  );
  const owners = await names(
    db,
    data.map((l) => l.owner_id),
  );
  return withTotal(
    data.map((l) => toLead(l, owners)),
    count ?? data.length,
  );
}

/** One lead, wherever it is on the board (a notification's link opens it). */
export async function getLead(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  const { data } = ok(
    await db.from('leads').select(LEAD_COLUMNS).eq('org_id', orgId).eq('id', id).maybeSingle(),
  );
  if (!data) throw new AppError('NOT_FOUND', 'Lead not found');
  return Response.json(toLead(data, await names(db, [data.owner_id])));
}

async function saveLead(req: Request, id?: string): Promise<Response> {
  const { db, body, write } = id
    ? await orgRequest(req, { body: LeadUpdateSchema })
    : await orgRequest(req, { body: LeadFormSchema.extend({ id: z.uuid().optional() }) });
  const lead = (await write('save_lead', { p_lead_id: id ?? null, p_input: body })) as LeadRow;
  return Response.json(toLead(lead, await names(db, [lead.owner_id])), { status: id ? 200 : 201 });
}
export const createLead = (req: Request) => saveLead(req);
export const updateLead = (req: Request, { id }: Params<'id'>) => saveLead(req, id);

export async function listLeadNotes(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  const { data } = ok(
    await db
      .from('lead_notes')
      .select('id, note, user_id, created_at', { count: 'exact' })
      .eq('org_id', orgId)
      .eq('lead_id', id)
      .order('created_at', { ascending: false })
      .limit(200),
  );
  const authors = await names(
    db,
    data.map((n) => n.user_id),
  );
  return withTotal(
    data.map((n): LeadNoteEntry => ({
      id: n.id,
      note: n.note,
      createdAt: n.created_at,
      author: (n.user_id ? authors.get(n.user_id) : undefined) ?? null,
    })),
    data.length,
  );
}

export async function addLeadNote(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, body, write } = await orgRequest(req, { body: LeadNoteSchema });
  const note = (await write('add_lead_note', { p_lead_id: id, p_note: body.note })) as {
    id: string;
    note: string;
    created_at: string;
    user_id: string;
  };
  const entry: LeadNoteEntry = {
    id: note.id,
    note: note.note,
    createdAt: note.created_at,
    author: (await names(db, [note.user_id])).get(note.user_id) ?? null,
  };
  return Response.json(entry, { status: 201 });
}

/** Per stage: the number of leads and their total value (per currency), computed in the database. */
export async function leadSummary(req: Request): Promise<Response> {
  const { call } = await orgRequest(req);
  const data = await call('lead_pipeline');
  return Response.json(
    LEAD_STAGES.map((stage) => {
      const rows = data.filter((r) => r.stage === stage);
      return {
        stage,
        count: rows.reduce((n, r) => n + Number(r.leads), 0),
        totals: rows.map((r) => ({ currency: r.currency, amount: Number(r.total) })),
      };
    }) satisfies LeadSummary,
  );
}

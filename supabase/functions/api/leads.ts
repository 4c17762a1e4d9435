// /api/leads: the pipeline read through RLS (search by name or company in the database, stage filter,
// pages; one lead by its id), and every write one idempotent SQL mutation (Idempotency-Key = the outbox's id).
import { z } from 'zod';
import { LeadFormSchema, LeadNoteSchema, LeadUpdateSchema } from '@shared/schemas/crm.ts';
import { orgContext, unwrap } from '../_shared/context.ts';
import { AppError } from '../_shared/errors.ts';
import { fromPostgrest, invalidQuery, parseBody } from '../_shared/http.ts';
import type { Db } from '../_shared/clients.ts';
import type { Params } from './router.ts';

const STAGES = ['PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON', 'CLOSED_LOST'] as const;
const ListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  stage: z.enum(STAGES).optional(),
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
  stage: string;
  close_date: string | null;
  owner_id: string | null;
  created_at: string;
  updated_at: string;
};

/** The people behind user ids (lead owners, note authors), in one query. */
async function names(db: Db, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const found = new Map<string, { id: string; firstName: string; lastName: string }>();
  if (!wanted.length) return found;
  const { data, error } = await db.from('profiles').select('id, first_name, last_name').in('id', wanted);
  if (error) throw fromPostgrest(error);
  for (const p of data) found.set(p.id, { id: p.id, firstName: p.first_name, lastName: p.last_name });
  return found;
}

const toLead = (l: LeadRow, owners: Map<string, { id: string; firstName: string; lastName: string }>) => ({
  id: l.id,
  name: l.name,
  company: l.company,
  phone: l.phone,
  email: l.email,
  value: l.value === null ? null : Number(l.value),
  stage: l.stage,
  closeDate: l.close_date,
  owner: (l.owner_id && owners.get(l.owner_id)) ?? null,
  createdAt: l.created_at,
  updatedAt: l.updated_at,
});

export async function listLeads(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const parsed = ListQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw invalidQuery(parsed.error);
  const q = parsed.data;
  let rows = db
    .from('leads')
    .select(LEAD_COLUMNS, {
      count: 'exact',
    })
    .eq('org_id', orgId);
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
  const { data, error, count } = await rows
    .order('value', { ascending: false, nullsFirst: false })
    .order('updated_at', { ascending: false })
    .range(q.offset, q.offset + q.limit - 1);
  if (error) throw fromPostgrest(error);
  const owners = await names(
    db,
    data.map((l) => l.owner_id),
  );
  return Response.json(
    data.map((l) => toLead(l, owners)),
    { headers: { 'x-total-count': String(count ?? data.length) } },
  );
}

/** One lead, wherever it is on the board (a notification's link opens it). */
export async function getLead(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db
    .from('leads')
    .select(LEAD_COLUMNS)
    .eq('org_id', orgId)
    .eq('id', id!)
    .maybeSingle();
  if (error) throw fromPostgrest(error);
  if (!data) throw new AppError('NOT_FOUND', 'Lead not found');
  return Response.json(toLead(data, await names(db, [data.owner_id])));
}

async function saveLead(req: Request, id?: string): Promise<Response> {
  const input = id
    ? await parseBody(req, LeadUpdateSchema.extend({ orgId: z.string().optional() }))
    : await parseBody(req, LeadFormSchema.extend({ id: z.uuid().optional(), orgId: z.string().optional() }));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { orgId: _org, ...fields } = input;
  const { data, error } = await db.rpc('save_lead', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_lead_id: id ?? null!,
    p_input: fields,
  });
  if (error) throw fromPostgrest(error);
  const lead = unwrap<LeadRow>(data);
  return Response.json(toLead(lead, await names(db, [lead.owner_id])), { status: id ? 200 : 201 });
}
export const createLead = (req: Request) => saveLead(req);
export const updateLead = (req: Request, { id }: Params) => saveLead(req, id);

export async function listLeadNotes(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db
    .from('lead_notes')
    .select('id, note, user_id, created_at', { count: 'exact' })
    .eq('org_id', orgId)
    .eq('lead_id', id!)
    .order('created_at', { ascending: false })
    .limit(200);
  if (error) throw fromPostgrest(error);
  const authors = await names(
    db,
    data.map((n) => n.user_id),
  );
  return Response.json(
    data.map((n) => ({
      id: n.id,
      note: n.note,
      createdAt: n.created_at,
      author: (n.user_id && authors.get(n.user_id)) ?? null,
    })),
    { headers: { 'x-total-count': String(data.length) } },
  );
}

export async function addLeadNote(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, LeadNoteSchema);
  const { db, orgId, mutationId } = await orgContext(req);
  const { data, error } = await db.rpc('add_lead_note', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_lead_id: id!,
    p_note: input.note,
  });
  if (error) throw fromPostgrest(error);
  const note = unwrap<{ id: string; note: string; created_at: string; user_id: string }>(data);
  return Response.json(
    {
      id: note.id,
      note: note.note,
      createdAt: note.created_at,
      author: (await names(db, [note.user_id])).get(note.user_id) ?? null,
    },
    { status: 201 },
  );
}

/** Per stage: the number of leads and their total value (per currency), computed in the database. */
export async function leadSummary(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db.rpc('lead_pipeline', { p_org_id: orgId });
  if (error) throw fromPostgrest(error);
  return Response.json(
    STAGES.map((stage) => {
      const rows = data.filter((r) => r.stage === stage);
      return {
        stage,
        count: rows.reduce((n, r) => n + Number(r.leads), 0),
        totals: rows.map((r) => ({ currency: r.currency, amount: Number(r.total) })),
      };
    }),
  );
}

// /api/leads beyond the basics in leads.test.ts: the stage summary, pages with x-total-count, giving a lead
// to another member (and only a member), a manager's edits, notes newest first with their authors, and
// the server's validation of every field.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fieldReasons, json, registerAndSignIn } from './helpers.ts';
import { call, member, owner } from './org-helpers.ts';

describe('/api/leads (CRM)', () => {
  it('sums every lead per stage in the summary, CLOSED_LOST included, empty stages at zero', async () => {
    const o = await owner();
    for (const body of [
      { name: 'A', value: 1000, stage: 'PROPOSAL' },
      { name: 'B', value: 250.5, stage: 'PROPOSAL' },
      { name: 'C', stage: 'PROPOSAL' },
      { name: 'D', value: 40, stage: 'CLOSED_LOST' },
    ]) {
      expect((await call('/leads', { token: o.token, body })).status).toBe(201);
    }
    const summary = await json(await call('/leads/summary', { token: o.token }));
    expect(summary).toEqual([
      { stage: 'PROSPECT', count: 0, totals: [] },
      { stage: 'QUALIFIED', count: 0, totals: [] },
      { stage: 'PROPOSAL', count: 3, totals: [{ currency: 'GHS', amount: 1250.5 }] },
      { stage: 'CLOSED_WON', count: 0, totals: [] },
      { stage: 'CLOSED_LOST', count: 1, totals: [{ currency: 'GHS', amount: 40 }] },
    ]);
    const stranger = await owner();
    expect((await json(await call('/leads/summary', { token: stranger.token })))[2]).toEqual({
      stage: 'PROPOSAL',
      count: 0,
      totals: [],
    });
  });

  it('pages the list biggest first with the total in x-total-count, and searches company names', async () => {
    const o = await owner();
    for (const [i, value] of [300, 100, 200].entries()) {
      await call('/leads', {
        token: o.token,
        body: { name: `Lead ${i}`, company: i === 1 ? 'Makola Traders' : 'Kumasi Foods', value },
      });
    }
    const page = await call('/leads?limit=2&offset=1', { token: o.token });
    expect(page.headers.get('x-total-count')).toBe('3');
    expect((await json(page)).map((l: { value: number }) => l.value)).toEqual([200, 100]);
    const found = await call('/leads?search=makola', { token: o.token });
    expect(found.headers.get('x-total-count')).toBe('1');
    expect(await json(found)).toEqual([
      {
        id: expect.any(String),
        name: 'Lead 1',
        company: 'Makola Traders',
        phone: null,
        email: null,
        value: 100,
        stage: 'PROSPECT',
        closeDate: null,
        owner: { id: o.userId, firstName: 'Adwoa', lastName: 'Owusu' },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect((await call('/leads?stage=WON', { token: o.token })).status).toBe(400);
    expect((await call('/leads?limit=0', { token: o.token })).status).toBe(400);
  });

  it('gives a lead to another member by name, and refuses an owner from outside the organization', async () => {
    const o = await owner();
    const manager = await member(o, 'MANAGER');
    const outsider = await registerAndSignIn();
    const asManager = { token: manager.token, orgId: o.orgId };
    const created = await call('/leads', { ...asManager, body: { name: 'Efua Mensah' } });
    const lead = await json(created);
    expect(lead.owner).toEqual({ id: manager.userId, firstName: 'Adwoa', lastName: 'Owusu' });
    const given = await call(`/leads/${lead.id}`, {
      ...asManager,
      method: 'PUT',
      body: { ownerId: o.userId, value: 900, closeDate: '2027-01-31' },
    });
    expect(given.status).toBe(200);
    expect(await json(given)).toMatchObject({ owner: { id: o.userId }, value: 900, closeDate: '2027-01-31' });

    const refused = await call(`/leads/${lead.id}`, {
      ...asManager,
      method: 'PUT',
      body: { ownerId: outsider.userId },
    });
    expect(refused.status).toBe(404);
    expect((await json(refused)).message).toBe('The owner must be a member of this organization');
    const list = await json(await call('/leads', asManager));
    expect(list[0].owner.id).toBe(o.userId);
  });

  it("validates every field on the server with the form's messages", async () => {
    const o = await owner();
    const res = await call('/leads', {
      token: o.token,
      body: { name: '', value: 'lots', closeDate: '31/12/2026', stage: 'WON' },
    });
    expect(res.status).toBe(400);
    const { details } = await json(res);
    expect(fieldReasons({ details })).toMatchObject({
      name: 'NAME_REQUIRED',
      closeDate: 'INVALID_DATE',
      stage: expect.any(String),
      value: expect.any(String),
    });
    expect(
      (await call(`/leads/${randomUUID()}`, { token: o.token, method: 'PUT', body: { stage: 'WON' } }))
        .status,
    ).toBe(400);
    expect(await json(await call('/leads', { token: o.token }))).toEqual([]);
  });

  it('lists notes newest first with their authors; a missing lead has none to add to', async () => {
    const o = await owner();
    const sales = await member(o, 'SALES');
    const lead = await json(await call('/leads', { token: o.token, body: { name: 'Yaw Boateng' } }));
    const first = await call(`/leads/${lead.id}/notes`, { token: o.token, body: { note: 'First call' } });
    expect(first.status).toBe(201);
    // Distinct times: the list is ordered by when a note was written.
    await new Promise((r) => setTimeout(r, 20));
    const key = randomUUID();
    const second = { token: sales.token, orgId: o.orgId, body: { note: 'Sent the price list' }, key };
    expect((await call(`/leads/${lead.id}/notes`, second)).status).toBe(201);
    expect((await call(`/leads/${lead.id}/notes`, second)).status).toBe(201);
    const notes = await call(`/leads/${lead.id}/notes`, { token: o.token });
    expect(notes.headers.get('x-total-count')).toBe('2');
    expect(
      (await json(notes)).map((n: { note: string; author: { id: string } }) => [n.note, n.author.id]),
    ).toEqual([
      ['Sent the price list', sales.userId],
      ['First call', o.userId],
    ]);
    expect((await call(`/leads/${lead.id}/notes`, { token: o.token, body: { note: '  ' } })).status).toBe(
      400,
    );
    expect(
      (await call(`/leads/${randomUUID()}/notes`, { token: o.token, body: { note: 'Hi' } })).status,
    ).toBe(404);
    const stranger = await owner();
    expect(await json(await call(`/leads/${lead.id}/notes`, { token: stranger.token }))).toEqual([]);
  });
});

// /api/leads as the CRM screen and the dashboard call it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fieldReasons, json } from './helpers.ts';
import { call, member, owner } from './org-helpers.ts';

describe('/api/leads', () => {
  it('adds leads with defaults, searches by name or company, moves them to any stage and keeps notes', async () => {
    const o = await owner();
    const bad = await call('/leads', { token: o.token, body: { name: ' ', value: -5 } });
    expect(bad.status).toBe(400);
    expect(fieldReasons(await json(bad))).toMatchObject({
      name: 'NAME_REQUIRED',
      value: 'ZERO_OR_MORE',
    });
    const key = randomUUID();
    const body = { name: 'Aisha Bello', company: 'Bello Pharmacy', value: 2500, closeDate: '2026-12-15' };
    const created = await call('/leads', { token: o.token, body, key });
    expect(created.status).toBe(201);
    const lead = await json(created);
    expect(lead).toMatchObject({
      ...body,
      stage: 'PROSPECT',
      owner: { id: o.userId, firstName: 'Adwoa', lastName: 'Owusu' },
    });
    expect((await json(await call('/leads', { token: o.token, body, key }))).id).toBe(lead.id);
    await call('/leads', { token: o.token, body: { name: 'Chidi Okafor', stage: 'PROPOSAL' } });

    const found = await call('/leads?search=pharmacy', { token: o.token });
    expect(found.headers.get('x-total-count')).toBe('1');
    expect((await json(found))[0].id).toBe(lead.id);
    expect((await json(await call('/leads?stage=PROPOSAL', { token: o.token })))[0].name).toBe(
      'Chidi Okafor',
    );

    const moved = await call(`/leads/${lead.id}`, {
      token: o.token,
      method: 'PUT',
      body: { stage: 'CLOSED_WON' },
    });
    expect(await json(moved)).toMatchObject({ stage: 'CLOSED_WON', name: 'Aisha Bello', value: 2500 });
    // One lead by its id (a notification's link), as the board lists it.
    const one = await call(`/leads/${lead.id}`, { token: o.token });
    expect(one.status).toBe(200);
    expect(await json(one)).toMatchObject({
      id: lead.id,
      stage: 'CLOSED_WON',
      owner: { id: o.userId, firstName: 'Adwoa', lastName: 'Owusu' },
    });
    expect((await call(`/leads/${randomUUID()}`, { token: o.token })).status).toBe(404);

    const note = await call(`/leads/${lead.id}/notes`, {
      token: o.token,
      body: { note: 'Wants delivery on Fridays' },
    });
    expect(note.status).toBe(201);
    const notes = await json(await call(`/leads/${lead.id}/notes`, { token: o.token }));
    expect(notes).toEqual([
      {
        id: expect.any(String),
        note: 'Wants delivery on Fridays',
        createdAt: expect.any(String),
        author: { id: o.userId, firstName: 'Adwoa', lastName: 'Owusu' },
      },
    ]);
  });

  it('lets SALES edit leads, ACCOUNTANT only read them, and keeps other organizations out', async () => {
    const o = await owner();
    const lead = await json(await call('/leads', { token: o.token, body: { name: 'Kemi Ade' } }));
    const sales = await member(o, 'SALES');
    const moved = await call(`/leads/${lead.id}`, {
      token: sales.token,
      orgId: o.orgId,
      method: 'PUT',
      body: { stage: 'QUALIFIED' },
    });
    expect(moved.status).toBe(200);
    const accountant = await member(o, 'ACCOUNTANT');
    const asAccountant = { token: accountant.token, orgId: o.orgId };
    expect((await json(await call('/leads', asAccountant)))[0].stage).toBe('QUALIFIED');
    const refused = await call(`/leads/${lead.id}`, {
      ...asAccountant,
      method: 'PUT',
      body: { stage: 'CLOSED_LOST' },
    });
    expect(refused.status).toBe(403);
    expect((await call('/leads', { ...asAccountant, body: { name: 'Nope' } })).status).toBe(403);
    expect((await call(`/leads/${lead.id}/notes`, { ...asAccountant, body: { note: 'x' } })).status).toBe(
      403,
    );

    const stranger = await owner();
    expect(await json(await call('/leads', { token: stranger.token }))).toEqual([]);
    const hijack = await call(`/leads/${lead.id}`, {
      token: stranger.token,
      method: 'PUT',
      body: { stage: 'CLOSED_LOST' },
    });
    expect(hijack.status).toBe(404);
    expect((await call(`/leads/${lead.id}`, { token: stranger.token })).status).toBe(404);
    expect((await call(`/leads/${lead.id}`, asAccountant)).status).toBe(200);
    expect((await json(await call('/leads', { token: o.token })))[0].stage).toBe('QUALIFIED');
  });

  it("keeps a lead's phone and e-mail, refuses a malformed one, and searches by e-mail or phone digits", async () => {
    const o = await owner();
    const bad = await call('/leads', {
      token: o.token,
      body: { name: 'Ama', phone: 'call me', email: 'ama.at.shop' },
    });
    expect(bad.status).toBe(400);
    expect(fieldReasons(await json(bad))).toMatchObject({ phone: 'PHONE_INVALID', email: 'INVALID_EMAIL' });

    const created = await call('/leads', {
      token: o.token,
      body: { name: 'Ama Mensah', phone: ' +233 24 555 0101 ', email: 'ama@mensah-stores.com.gh' },
    });
    expect(created.status).toBe(201);
    const lead = await json(created);
    expect(lead).toMatchObject({ phone: '+233 24 555 0101', email: 'ama@mensah-stores.com.gh' });
    await call('/leads', { token: o.token, body: { name: 'Kofi Boateng', phone: '', email: '' } });

    for (const search of ['245550101', '24 555 01', 'mensah-stores.com', 'AMA@MENSAH']) {
      const found = await json(await call(`/leads?search=${encodeURIComponent(search)}`, { token: o.token }));
      expect(
        found.map((l: { id: string }) => l.id),
        search,
      ).toEqual([lead.id]);
    }
    const kofi = (await json(await call('/leads?search=Kofi', { token: o.token })))[0];
    // Empty fields are missing, not empty texts.
    expect(kofi).toMatchObject({ phone: null, email: null });

    // An edit that leaves them out keeps them; an empty one clears them.
    const moved = await call(`/leads/${lead.id}`, {
      token: o.token,
      method: 'PUT',
      body: { stage: 'QUALIFIED' },
    });
    expect(await json(moved)).toMatchObject({ phone: '+233 24 555 0101', email: 'ama@mensah-stores.com.gh' });
    const cleared = await call(`/leads/${lead.id}`, { token: o.token, method: 'PUT', body: { email: '' } });
    expect(await json(cleared)).toMatchObject({ phone: '+233 24 555 0101', email: null });
  });
});

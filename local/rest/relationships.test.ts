// Relationship detection and embed resolution on a small synthetic schema (no database): two foreign
// keys between the same tables, a junction table, hints and the PGRST200/PGRST201 errors.
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { buildRelationships, resolveRelationship, type ForeignKey } from './relationships.ts';
import type { Table } from './schema-cache.ts';

function table(name: string, primaryKey: string[], uniqueKeys: string[][] = [primaryKey]): Table {
  return {
    schema: 'public',
    name,
    isView: false,
    columns: new Map(),
    primaryKey,
    uniqueKeys,
    relationships: [],
  };
}

// users; messages(sender_id → users, receiver_id → users); profiles(user_id unique → users);
// members(team_id → teams, user_id → users) with both in its primary key: a junction.
const users = table('users', ['id']);
const messages = table('messages', ['id']);
const profiles = table('profiles', ['id'], [['id'], ['user_id']]);
const teams = table('teams', ['id']);
const members = table('members', ['team_id', 'user_id']);
const fk = (name: string, from: Table, columns: string[], to: Table): ForeignKey => ({
  name,
  table: from,
  columns,
  refTable: to,
  refColumns: ['id'],
});
buildRelationships([
  fk('messages_sender_fkey', messages, ['sender_id'], users),
  fk('messages_receiver_fkey', messages, ['receiver_id'], users),
  fk('profiles_user_fkey', profiles, ['user_id'], users),
  fk('members_team_fkey', members, ['team_id'], teams),
  fk('members_user_fkey', members, ['user_id'], users),
]);

function failure(run: () => unknown): ApiError {
  try {
    run();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an error');
}

describe('relationships', () => {
  it('are ambiguous between two foreign keys to the same table (300 PGRST201)', () => {
    const error = failure(() => resolveRelationship(messages, 'users', undefined));
    expect(error.status).toBe(300);
    expect(error.body).toMatchObject({
      code: 'PGRST201',
      hint: "Try changing 'users' to one of the following: 'users!messages_sender_fkey', 'users!messages_receiver_fkey'. Find the desired relationship in the 'details' key.",
    });
    expect(error.body.details).toContainEqual({
      cardinality: 'many-to-one',
      embedding: 'messages with users',
      relationship: 'messages_sender_fkey using messages(sender_id) and users(id)',
    });
  });

  it('are told apart by a constraint or column hint, or by naming the key column', () => {
    expect(resolveRelationship(messages, 'users', 'messages_receiver_fkey').on).toEqual([
      ['receiver_id', 'id'],
    ]);
    expect(resolveRelationship(users, 'messages', 'sender_id')).toMatchObject({
      cardinality: 'one-to-many',
      on: [['id', 'sender_id']],
    });
    expect(resolveRelationship(messages, 'sender_id', undefined).target).toBe(users);
  });

  it('are one-to-one when the key columns are unique, many-to-many through a junction', () => {
    expect(resolveRelationship(users, 'profiles', undefined).cardinality).toBe('one-to-one');
    const m2m = resolveRelationship(teams, 'users', undefined);
    expect(m2m).toMatchObject({ cardinality: 'many-to-many', junction: { table: members } });
  });

  it('are missing between unrelated tables (400 PGRST200)', () => {
    const error = failure(() => resolveRelationship(profiles, 'teams', undefined));
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'profiles' and 'teams' in the schema cache",
    });
  });
});

// The query-string grammar, without a database: select trees, filter values, logic trees and order.
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { parseFilter, parseLogic, parseOrder } from './filter-parser.ts';
import { parseQueryParams } from './query-params.ts';
import { parseSelect } from './select-parser.ts';

function parseFailure(run: () => unknown): ApiError {
  try {
    run();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a parse error');
}

describe('select parser', () => {
  it('reads columns, aliases, casts, JSON paths and nested embeds with hints', () => {
    expect(
      parseSelect('id,n:name::text,data->a->>0,org:organizations!fk!inner(name,...owner(email))'),
    ).toEqual([
      { kind: 'column', field: { name: 'id', json: [] } },
      { kind: 'column', field: { name: 'name', json: [] }, alias: 'n', cast: 'text' },
      {
        kind: 'column',
        field: {
          name: 'data',
          json: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 0 },
          ],
        },
      },
      {
        kind: 'embed',
        target: 'organizations',
        alias: 'org',
        hint: 'fk',
        inner: true,
        spread: false,
        items: [
          { kind: 'column', field: { name: 'name', json: [] } },
          {
            kind: 'embed',
            target: 'owner',
            inner: false,
            spread: true,
            items: [{ kind: 'column', field: { name: 'email', json: [] } }],
          },
        ],
      },
    ]);
  });

  it('accepts double-quoted names and empty embeds', () => {
    expect(parseSelect('"a,b",rel()')).toEqual([
      { kind: 'column', field: { name: 'a,b', json: [] } },
      { kind: 'embed', target: 'rel', inner: false, spread: false, items: [] },
    ]);
  });

  it('reports the column of a syntax error', () => {
    const error = parseFailure(() => parseSelect('id,name('));
    expect(error.body.message).toBe('"failed to parse select parameter (id,name()" (line 1, column 9)');
  });
});

describe('filter parser', () => {
  it('reads negation, lists with quoted values, full-text configurations and quantifiers', () => {
    expect(parseFilter('not.in.(a,"b,c","d\\"e")')).toEqual({
      negate: true,
      op: 'in',
      value: ['a', 'b,c', 'd"e'],
    });
    expect(parseFilter('fts(english).fat rats')).toEqual({
      negate: false,
      op: 'fts',
      config: 'english',
      value: 'fat rats',
    });
    expect(parseFilter('like(any).{a*,b*}')).toEqual({
      negate: false,
      op: 'like',
      quantifier: 'any',
      value: '{a*,b*}',
    });
    expect(parseFilter('eq.a.b')).toEqual({ negate: false, op: 'eq', value: 'a.b' });
  });

  it('refuses unknown operators and is values', () => {
    expect(parseFailure(() => parseFilter('nope.1')).body).toMatchObject({
      code: 'PGRST100',
      details: 'unexpected "n" expecting "not" or operator (eq, gt, ...)',
      message: '"failed to parse filter (nope.1)" (line 1, column 1)',
    });
    expect(parseFailure(() => parseFilter('is.maybe')).body.code).toBe('PGRST100');
  });

  it('reads nested logic trees whose values may hold commas in quotes, lists or arrays', () => {
    expect(parseLogic('(a.eq.1,not.and(b.in.(1,2),c.cs.{x,y}),d.eq."e,f")')).toEqual([
      { kind: 'filter', field: { name: 'a', json: [] }, expr: { negate: false, op: 'eq', value: '1' } },
      {
        kind: 'logic',
        op: 'and',
        negate: true,
        conditions: [
          {
            kind: 'filter',
            field: { name: 'b', json: [] },
            expr: { negate: false, op: 'in', value: ['1', '2'] },
          },
          {
            kind: 'filter',
            field: { name: 'c', json: [] },
            expr: { negate: false, op: 'cs', value: '{x,y}' },
          },
        ],
      },
      { kind: 'filter', field: { name: 'd', json: [] }, expr: { negate: false, op: 'eq', value: 'e,f' } },
    ]);
  });

  it('reads order terms with direction and nulls placement', () => {
    expect(parseOrder('a.desc.nullslast,b->>c')).toEqual([
      { field: { name: 'a', json: [] }, descending: true, nulls: 'last' },
      { field: { name: 'b', json: [{ arrow: '->>', key: 'c' }] }, descending: false },
    ]);
  });
});

describe('query parameters', () => {
  it('sorts parameters into select, per-embed filters, logic, order and paging', () => {
    const query = parseQueryParams(
      new URLSearchParams('select=a,r(b)&a=eq.1&r.b=gt.2&r.order=b.desc&r.limit=3&not.or=(a.eq.2)&offset=4'),
    );
    expect(query.nodes.get('')).toMatchObject({
      conditions: [{ kind: 'filter' }, { kind: 'logic', op: 'or', negate: true }],
      offset: 4,
    });
    expect(query.nodes.get('r')).toMatchObject({ conditions: [{ kind: 'filter' }], limit: 3 });
  });

  it('leaves function arguments out of the filters', () => {
    const query = parseQueryParams(new URLSearchParams('p_id=5&a=eq.1'), (k) => k === 'p_id');
    expect(query.nodes.get('')?.conditions).toHaveLength(1);
  });
});

// From the request to what the query needs: the caller's role and claims (from the JWT, as PostgREST
// verifies it), the Prefer preferences, and the query string split into select, per-embed filters,
// ordering and paging.
import type { IncomingMessage } from 'node:http';
import { bearerToken, verifyJwt } from '../jwt.ts';
import { emptyNode, type NodeQuery } from './build.ts';
import { ApiError } from './errors.ts';
import { parseFilter, parseLogic, parseOrder, parseSelect, type SelectItem } from './parse.ts';

export interface Caller {
  role: string;
  claims: Record<string, unknown>;
}

export async function callerOf(req: IncomingMessage): Promise<Caller> {
  const token = bearerToken(req.headers.authorization);
  if (!token) return { role: 'anon', claims: { role: 'anon' } };
  const v = await verifyJwt(token, 30);
  if (!v.ok) {
    const expired = v.reason === 'expired';
    const message = expired ? 'JWT expired' : `JWSError (${v.message})`;
    throw new ApiError(401, expired ? 'PGRST303' : 'PGRST301', message, null, null, {
      'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
    });
  }
  const role = typeof v.claims.role === 'string' && v.claims.role ? v.claims.role : 'anon';
  return { role, claims: { ...v.claims, role } };
}

export interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
  rollback: boolean;
}

export function preferOf(req: IncomingMessage): Prefer {
  const raw = String(req.headers.prefer ?? '');
  const get = (key: string) => new RegExp(`(?:^|[,;\\s])${key}=([\\w-]+)`).exec(raw)?.[1];
  return {
    return: (get('return') as Prefer['return']) ?? 'minimal',
    count: get('count') as Prefer['count'],
    resolution: get('resolution') as Prefer['resolution'],
    missingDefault: get('missing') === 'default',
    rollback: get('tx') === 'rollback',
  };
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);

export interface ParsedQuery {
  select: SelectItem[];
  nodes: Map<string, NodeQuery>;
  columns?: string[];
  onConflict?: string[];
  /** Query keys left for rpc arguments (GET /rpc). */
  rest: Map<string, string>;
}

/** Splits `a.b.c` into the embed path `a.b` and the last part `c`. */
function pathOf(key: string): [string, string] {
  const i = key.lastIndexOf('.');
  return i < 0 ? ['', key] : [key.slice(0, i), key.slice(i + 1)];
}

export function parseQuery(
  url: URL,
  opts: { rpcArgs?: Set<string>; relationNames?: Set<string> } = {},
): ParsedQuery {
  const nodes = new Map<string, NodeQuery>();
  const node = (path: string) => {
    let n = nodes.get(path);
    if (!n) nodes.set(path, (n = emptyNode()));
    return n;
  };
  const rest = new Map<string, string>();
  const q: ParsedQuery = { select: [{ kind: 'star' }], nodes, rest };
  for (const [key, value] of url.searchParams) {
    if (key === 'select') q.select = parseSelect(value);
    else if (key === 'columns') q.columns = value.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
    else if (key === 'on_conflict') q.onConflict = value.split(',').map((c) => c.trim());
    else if (RESERVED.has(key)) continue;
    else if (opts.rpcArgs?.has(key)) rest.set(key, value);
    else {
      const logic = /^(?:(.+)\.)?(not\.)?(or|and)$/.exec(key);
      if (logic) {
        node(logic[1] ?? '').conditions.push(parseLogic(logic[3] as 'and' | 'or', !!logic[2], value));
        continue;
      }
      const [path, last] = pathOf(key);
      if (last === 'order') node(path).order = parseOrder(value);
      else if (last === 'limit') node(path).limit = toInt(key, value);
      else if (last === 'offset') node(path).offset = toInt(key, value);
      else if (/^(not\.)?is\.null$/.test(value) && opts.relationNames?.has(key.split('.').pop()!) && !path) {
        node('').presence.set(key, value.startsWith('not.'));
      } else node(path).conditions.push(parseFilter(last, value));
    }
  }
  return q;
}

function toInt(key: string, value: string): number {
  if (!/^\d+$/.test(value))
    throw new ApiError(400, 'PGRST100', `"failed to parse ${key} parameter (${value})"`);
  return Number(value);
}

// PUT: insert or replace the one row named by `pk=eq.…` filters on every primary key column, with
// PostgREST's checks (PGRST105 filters, PGRST114 paging, PGRST115 body/URL mismatch).
import { pgrstError } from './errors.ts';
import type { Operation } from './operation.ts';
import { checkColumns, invalidBody, payloadRows } from './payload.ts';
import type { NodeParams } from './query.ts';
import { contentRange } from './range.ts';
import { planRead } from './read-plan.ts';
import { Params } from './sql.ts';
import { writeReply, writeStatement, writeVerifier, type WriteRequest } from './write-op.ts';
import { insertSql } from './write-sql.ts';

/** The `col=eq.value` filters of the request, by column; null if there is any other condition. */
function equalities(params: NodeParams | undefined): Map<string, string> | null {
  const found = new Map<string, string>();
  for (const c of params?.conditions ?? []) {
    if (
      c.kind !== 'filter' ||
      c.expr.op !== 'eq' ||
      c.expr.negate ||
      c.expr.quantifier ||
      c.field.json.length
    ) {
      return null;
    }
    found.set(c.field.name, String(c.expr.value));
  }
  return found;
}

export function putOperation(w: WriteRequest): Operation {
  const { table } = w;
  const params = w.query.nodes.get('');
  const keys = equalities(params);
  const pk = table.primaryKey;
  if (!keys || pk.length === 0 || keys.size !== pk.length || !pk.every((c) => keys.has(c))) {
    throw pgrstError(
      405,
      'PGRST105',
      "Filters must include all and only primary key columns with 'eq' operators",
    );
  }
  if (params?.limit !== undefined || params?.offset !== undefined) {
    throw pgrstError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
  }
  const rows = payloadRows(w.body, false);
  const row = rows[0];
  if (rows.length !== 1 || !row) throw invalidBody();
  if (!pk.every((c) => String(row[c]) === keys.get(c))) {
    throw pgrstError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
  }
  const columns = checkColumns(table, Object.keys(row));
  const p = new Params();
  const options = { missingDefault: false, conflict: { columns: pk, merge: true } };
  const dml = insertSql(table, columns, p.add(JSON.stringify(rows)), options, p);
  // The filters named the row; the written row is returned as is.
  const output = planRead(table, table.name, { ...w.query, nodes: new Map() });
  return {
    ...writeStatement(w, output, dml, p, 'insert'),
    readOnly: false,
    verify: writeVerifier(w),
    reply: (o) => {
      const status = w.prefs.return !== 'representation' ? 204 : o.inserted ? 201 : 200;
      return writeReply(w, o, status, { 'Content-Range': contentRange(1, 0, null) }, [
        'return',
        'count',
        'tx',
        'handling',
      ]);
    },
  };
}

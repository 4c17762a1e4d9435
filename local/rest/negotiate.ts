// Content negotiation: the response media type from `Accept`, the schema from `Accept-Profile` (reads)
// or `Content-Profile` (writes).
import type { IncomingMessage } from 'node:http';
import { pgrstError } from './errors.ts';

export interface Media {
  /** A JSON array, one JSON object (`.single()`), or CSV. */
  shape: 'array' | 'object' | 'csv';
  contentType: string;
  /** `;nulls=stripped`: drop null-valued keys from the objects. */
  stripNulls: boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

function mediaFor(type: string, params: string[]): Media | null {
  const stripNulls = params.includes('nulls=stripped');
  switch (type) {
    case 'application/json':
    case 'application/vnd.pgrst.array+json':
    case 'application/*':
    case '*/*':
      return { shape: 'array', contentType: JSON_TYPE, stripNulls };
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { shape: 'object', contentType: OBJECT_TYPE, stripNulls };
    case 'text/csv':
      return { shape: 'csv', contentType: 'text/csv; charset=utf-8', stripNulls: false };
    default:
      return null;
  }
}

/** The first media type of `Accept` this server produces; none → 406 PGRST107. */
export function negotiateMedia(accept: string | undefined): Media {
  if (!accept?.trim()) return mediaFor('application/json', [])!;
  const ranges = accept.split(',').map((r) => r.trim());
  for (const range of ranges) {
    const [type = '', ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    const media = mediaFor(
      type,
      params.map((p) => p.replaceAll(' ', '')),
    );
    if (media) return media;
  }
  throw pgrstError(406, 'PGRST107', `None of these media types are available: ${ranges.join(', ')}`);
}

/** The schema the request targets; one not exposed → 406 PGRST106. */
export function negotiateSchema(req: IncomingMessage, schemas: string[]): string {
  const reading = req.method === 'GET' || req.method === 'HEAD';
  const requested = req.headers[reading ? 'accept-profile' : 'content-profile'];
  if (typeof requested !== 'string' || requested === '') return schemas[0]!;
  if (!schemas.includes(requested)) {
    throw pgrstError(
      406,
      'PGRST106',
      `Invalid schema: ${requested}`,
      null,
      `Only the following schemas are exposed: ${schemas.join(', ')}`,
    );
  }
  return requested;
}

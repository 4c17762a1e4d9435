import { describe, expect, it } from 'vitest';
import { allowedOrigins, corsHeaders } from './cors.ts';

describe('the functions’ CORS answer', () => {
  it('lets any origin call by default, and exposes the list total and the export’s file name', () => {
    const headers = corsHeaders('https://shop.example.com', allowedOrigins(undefined));
    expect(headers['Access-Control-Allow-Origin']).toBe('*');
    expect(headers['Access-Control-Allow-Headers']).toContain('x-org-id');
    expect(headers['Access-Control-Allow-Headers']).toContain('idempotency-key');
    expect(headers['Access-Control-Expose-Headers']).toBe('x-total-count, content-disposition');
  });

  it('with ALLOWED_ORIGINS, answers only those origins, and says the answer varies by origin', () => {
    const allowed = allowedOrigins(' https://app.kasuwa.example/ ,https://staging.kasuwa.example ');
    expect(allowed).toEqual(['https://app.kasuwa.example', 'https://staging.kasuwa.example']);
    expect(corsHeaders('https://app.kasuwa.example', allowed)).toMatchObject({
      'Access-Control-Allow-Origin': 'https://app.kasuwa.example',
      Vary: 'Origin',
    });
    const other = corsHeaders('https://evil.example', allowed);
    expect(other['Access-Control-Allow-Origin']).toBeUndefined();
    expect(other.Vary).toBe('Origin');
    expect(corsHeaders(null, allowed)['Access-Control-Allow-Origin']).toBeUndefined();
  });
});

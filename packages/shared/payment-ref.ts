// A payment's reference as two people would type the same one: case and spaces (no-break ones too, as a
// copied message may hold) do not matter. The same rule as the database's private.payment_ref_key, which the
// server's check and the payments report use; the app applies it to what is still on the device.
export const paymentRefKey = (ref: string | null | undefined): string | null =>
  (ref ?? '').replace(/[ \t\n\r\f\v\u00a0\u202f]+/g, '').toLowerCase() || null;

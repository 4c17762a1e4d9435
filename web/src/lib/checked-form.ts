// The visitors' forms (sign-in, registration, the sign-up from an invitation, setting up an organization):
// a few text fields checked with their shared schema, without react-hook-form (20 KB gzipped) or zod (27 KB)
// in the page's first paint. A phone's first page may be one of these, on 3G. The schema is fetched when the
// person first focuses a field (they then type for a while), or at the first check.
//
// It behaves as the screens' react-hook-form forms do: nothing is said before the first check; then each
// field's first problem shows under it, the focus goes to the first one, and a field shown in error is
// checked again as it changes. A refusal from the server that names a field shows under that field.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { notify } from '@/components/ui/notify.tsx';
import { refusedFields, validationMessage, type Refusal } from './validation-message.ts';

type Issue = { path: readonly PropertyKey[]; message: string };
/** A shared zod schema, as the form uses it (typed here so that zod is not imported with the page). */
export interface Schema<Out> {
  safeParse(
    input: unknown,
  ): { success: true; data: Out } | { success: false; error: { issues: readonly Issue[] } };
}

/** What a field component takes: TextField's and SelectField's props. */
export interface FieldProps {
  id: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

export interface CheckedForm<T extends Record<string, string>, Out> {
  values: T;
  field: (name: keyof T & string) => FieldProps;
  set: (name: keyof T & string, value: string) => void;
  /** Checks these fields only (a wizard's step): true when none has a problem. */
  valid: (names: readonly (keyof T & string)[]) => Promise<boolean>;
  /** The form's onSubmit: checks every field, then runs `send` with the schema's output. */
  submit: (send: (data: Out) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  /** Shows under its fields what a refusal names; false when it names none of this form's. */
  showRefusal: (refusal: Refusal | undefined, options?: { focus?: boolean }) => boolean;
  /** The form's onFocus: the schema is fetched while the person types. */
  preload: () => void;
}

export function useCheckedForm<T extends Record<string, string>, Out>(
  schema: () => Promise<Schema<Out>>,
  initial: T,
): CheckedForm<T, Out> {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  // The values as typed so far (set() keeps it, before React draws them).
  const latest = useRef(initial);
  // Reason codes, translated when drawn (the language can change while the form is open).
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  // The fields checked once: each is checked again as it changes.
  const shown = useRef(new Set<keyof T>());
  // The field to put the cursor in once it is drawn (after a refusal, it may be on the other step).
  const focus = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!focus.current) return;
    document.getElementById(focus.current)?.focus();
    focus.current = undefined;
  });

  /** Each field's first problem, by the schema; null when the schema cannot be fetched (said in a toast unless quiet). */
  const problems = async (
    input: T,
    quiet = false,
  ): Promise<{ data?: Out; found: Partial<Record<keyof T, string>> } | null> => {
    let s: Schema<Out>;
    try {
      s = await schema();
    } catch {
      if (!quiet)
        notify({
          variant: 'error',
          title: intl.formatMessage({ id: 'common.notKept' }),
          description: intl.formatMessage({ id: 'common.notKeptText' }),
        });
      return null;
    }
    const parsed = s.safeParse(input);
    if (parsed.success) return { data: parsed.data, found: {} };
    const found: Partial<Record<keyof T, string>> = {};
    for (const issue of parsed.error.issues) found[issue.path[0] as keyof T] ??= issue.message;
    return { found };
  };

  const check = async (names: readonly (keyof T & string)[]) => {
    names.forEach((n) => shown.current.add(n));
    const result = await problems(latest.current);
    if (!result) return null;
    setErrors((before) => {
      const next = { ...before };
      for (const n of names) next[n] = result.found[n];
      return next;
    });
    focus.current = names.find((n) => result.found[n]);
    return result;
  };

  const set = (name: keyof T & string, value: string) => {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues(next);
    if (!shown.current.has(name)) return;
    // Quietly: a check that could not be fetched (offline) was said when the person asked for one.
    void problems(next, true).then(
      (result) => result && setErrors((before) => ({ ...before, [name]: result.found[name] })),
    );
  };

  return {
    values,
    field: (name) => ({
      id: name,
      name,
      value: values[name] ?? '',
      error: validationMessage(intl, errors[name]),
      onChange: (event) => set(name, event.target.value),
    }),
    set,
    valid: async (names) => {
      const result = await check(names);
      return !!result && names.every((n) => !result.found[n]);
    },
    submit: (send) => (event) => {
      event.preventDefault();
      if (submitting) return;
      setSubmitting(true);
      void (async () => {
        try {
          const result = await check(Object.keys(latest.current));
          if (result?.data) await send(result.data);
        } finally {
          setSubmitting(false);
        }
      })();
    },
    submitting,
    showRefusal: (refusal, { focus: moveFocus = true } = {}) => {
      const fields = refusedFields(refusal, (field) => field in latest.current);
      fields.forEach((f) => shown.current.add(f.field));
      if (fields.length)
        setErrors((before) => ({
          ...before,
          ...Object.fromEntries(fields.map((f) => [f.field, f.message])),
        }));
      if (moveFocus && fields[0]) focus.current = fields[0].field;
      return fields.length > 0;
    },
    preload: () => void schema().catch(() => {}),
  };
}

// What a member types in a form is kept on the device as they type (per organization and form), so a
// reload, a crash, a dialog closed by mistake or a phone killing the tab loses nothing: the next time the
// form opens it comes back, with a notice and "Start over". A saved (or queued) form forgets its draft.
import { useEffect, useRef, useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';

export const DRAFT_PREFIX = 'kasuwa-draft:';

export interface FormDraft<T> {
  /** True when the form opened with what was typed before. */
  restored: boolean;
  /** What was typed before (while `restored`), for parts of the form kept outside its fields. */
  values: Partial<T> | null;
  /** Back to the form's starting values, forgetting the draft. */
  discard: () => void;
  /** The form was saved: forget the draft. */
  clear: () => void;
}

function read<T>(key: string): Partial<T> | null {
  try {
    const saved = localStorage.getItem(key);
    return saved ? (JSON.parse(saved) as Partial<T>) : null;
  } catch {
    localStorage.removeItem(key);
    return null;
  }
}

export function useFormDraft<T extends FieldValues>(
  form: UseFormReturn<T>,
  /** Where the draft is kept: the organization and the form (and the record it edits). */
  scope: { orgId: string; name: string },
): FormDraft<T> {
  const key = `${DRAFT_PREFIX}${scope.orgId}:${scope.name}`;
  const [saved, setSaved] = useState(() => read<T>(key));
  const applied = useRef(false);
  const done = useRef(false);
  useEffect(() => {
    if (applied.current || !saved) return;
    applied.current = true;
    form.reset({ ...form.formState.defaultValues, ...saved } as DefaultValues<T>, {
      keepDefaultValues: true,
    });
  }, [form, saved]);
  useEffect(() => {
    done.current = false;
    // Every change is written at once: a tab killed a moment later keeps it.
    // A form back at its starting values (Start over) has nothing to keep; the starting values are read at
    // each change, as a form may move one that nobody typed (a balance read again from the server).
    const subscription = form.watch((values) => {
      if (done.current) return;
      try {
        const typed = JSON.stringify(values);
        if (typed === JSON.stringify(form.formState.defaultValues)) localStorage.removeItem(key);
        else localStorage.setItem(key, typed);
      } catch {
        // Storage full or refused: the form still works, only the draft is not kept.
      }
    });
    return () => subscription.unsubscribe();
  }, [key, form]);
  return {
    restored: saved !== null,
    values: saved,
    discard: () => {
      localStorage.removeItem(key);
      form.reset(form.formState.defaultValues as DefaultValues<T>);
      setSaved(null);
    },
    clear: () => {
      done.current = true;
      localStorage.removeItem(key);
    },
  };
}

/** The draft name of a record's form: the record it edits, the refused change it corrects, or a new one. */
export const draftName = (form: string, recordId?: string, refusedId?: string) =>
  `${form}:${recordId ?? (refusedId ? `refused:${refusedId}` : 'new')}`;

/** Forgets every draft on this device (signing out). */
export function forgetDrafts(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(DRAFT_PREFIX)) localStorage.removeItem(key);
}

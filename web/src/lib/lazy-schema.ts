// A form checked with its shared schema, without zod (27 KB gzipped) in its screen's first paint: the schema
// and zod's resolver are asked for once the screen is drawn with its answers (whenIdle, like the screen's
// dialogs), so they do not share the slow line with what the screen draws first. They are then kept by the
// browser (later by the service worker) should the connection drop. A check whose schema is not there yet
// waits for it.
import { useCallback, useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';
import { notify } from '@/components/ui/notify.tsx';
import { whenIdle } from './idle.ts';
import { loadOnce } from './load-once.ts';

type FormResolver<T extends z4.$ZodType> = Resolver<z4.input<T> & FieldValues, unknown, z4.output<T>>;

export interface LazySchema<T extends z4.$ZodType> {
  /** The schema's resolver, loading it first (again after a failed load). */
  load: () => Promise<FormResolver<T>>;
}

/** A form's schema, asked for once the module that defines it has run; defined beside the form (module level). */
export function lazySchema<T extends z4.$ZodType>(schema: () => Promise<T>): LazySchema<T> {
  const load = loadOnce(() =>
    Promise.all([schema(), import('@hookform/resolvers/zod')]).then(
      ([s, { zodResolver }]) => zodResolver(s as never) as unknown as FormResolver<T>,
    ),
  );
  // Once the first screen is drawn with its answers (or when its form opens, whichever comes first).
  void whenIdle()
    .then(load)
    .catch(() => {});
  return { load };
}

/**
 * The form's resolver. A form that opens asks for its schema again (after a load that failed offline), once the
 * screen is done; a check whose schema is not here yet waits for it, and one whose schema cannot be loaded
 * (offline before the app was kept on this device) says so and sends nothing.
 */
export function useLazyResolver<T extends z4.$ZodType>(schema: LazySchema<T>): FormResolver<T> {
  const intl = useIntl();
  useEffect(() => {
    void whenIdle()
      .then(schema.load)
      .catch(() => {});
  }, [schema]);
  return useCallback<FormResolver<T>>(
    async (values, context, options) => {
      let resolve: FormResolver<T>;
      try {
        resolve = await schema.load();
      } catch {
        notify({
          variant: 'error',
          title: intl.formatMessage({ id: 'common.notKept' }),
          description: intl.formatMessage({ id: 'common.notKeptText' }),
        });
        return {
          values: {},
          errors: { root: { type: 'unavailable', message: 'NOT_KEPT' } } as FieldErrors<
            z4.input<T> & FieldValues
          >,
        };
      }
      return resolve(values, context, options);
    },
    [schema, intl],
  );
}

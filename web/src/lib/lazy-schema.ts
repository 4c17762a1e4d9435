// A form checked with its shared schema, without zod (27 KB gzipped) in its screen's first paint: the schema
// and zod's resolver are asked for as soon as the screen's code has run, beside its data rather than before
// it, and are there (kept by the browser, later by the service worker) when the connection drops right after
// a first visit. A check whose schema is not there yet waits for it.
import { useCallback, useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';
import { notify } from '../components/ui/notify.tsx';

type FormResolver<T extends z4.$ZodType> = Resolver<z4.input<T> & FieldValues, unknown, z4.output<T>>;

export interface LazySchema<T extends z4.$ZodType> {
  /** The schema's resolver, loading it first (again after a failed load). */
  load: () => Promise<FormResolver<T>>;
}

/** A form's schema, asked for once the module that defines it has run; defined beside the form (module level). */
export function lazySchema<T extends z4.$ZodType>(schema: () => Promise<T>): LazySchema<T> {
  let loading: Promise<FormResolver<T>> | undefined;
  const load = () =>
    (loading ??= Promise.all([schema(), import('@hookform/resolvers/zod')]).then(
      ([s, { zodResolver }]) => zodResolver(s as never) as unknown as FormResolver<T>,
      (e: unknown) => {
        loading = undefined; // offline before the code was kept: the next check tries again
        throw e;
      },
    ));
  // After the screen's modules have run, not while they do.
  setTimeout(() => load().catch(() => {}));
  return { load };
}

/**
 * The form's resolver. Its schema starts loading when the form opens; a check whose schema cannot be loaded
 * (offline before the app was kept on this device) says so and sends nothing.
 */
export function useLazyResolver<T extends z4.$ZodType>(schema: LazySchema<T>): FormResolver<T> {
  const intl = useIntl();
  useEffect(() => {
    schema.load().catch(() => {});
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

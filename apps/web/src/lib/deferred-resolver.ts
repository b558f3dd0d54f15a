// Form validation that loads after the page. The public forms (/login, /register, /contact) validate with the
// contract's zod schemas; zod and the schemas are about 27 KB gzip, which on top of the entry would take those
// pages past their 100 KB first-load budget (scripts/check-bundle-size.mjs). Nothing needs them before the
// first submit, so each form names its resolver by a dynamic import: the chunk is fetched once the page has
// loaded (lib/use-after-load.ts), or by the first validation should the visitor submit before then.
import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { useAfterLoad } from './use-after-load';

export interface DeferredResolver<TFieldValues extends FieldValues, TContext, TTransformed> {
  resolver: Resolver<TFieldValues, TContext, TTransformed>;
  /** Starts loading the validation chunk; settles when it is in (or failed). */
  preload: () => Promise<void>;
}

/**
 * A react-hook-form resolver that loads the real one (`zodResolver(schema)` in a module of its own) on first
 * use. Should that chunk fail to load (the network dropped), the values go through unchecked rather than leave
 * the form dead: the server validates them with the same contract schema, so nothing invalid is accepted.
 */
export function deferredResolver<TFieldValues extends FieldValues, TContext = unknown, TTransformed = TFieldValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): DeferredResolver<TFieldValues, TContext, TTransformed> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformed>> | undefined;
  const get = () =>
    (loading ??= load().catch((err: unknown) => {
      // Fetched again on the next attempt.
      loading = undefined;
      throw err;
    }));
  return {
    resolver: async (values, context, options) => {
      let resolve: Resolver<TFieldValues, TContext, TTransformed>;
      try {
        resolve = await get();
      } catch {
        return { values: values as unknown as TTransformed, errors: {} };
      }
      return resolve(values, context, options);
    },
    preload: () =>
      get().then(
        () => undefined,
        () => undefined,
      ),
  };
}

/** Loads a form's validation once the page has loaded, so the first submit does not wait for it. */
export function usePreloadAfterLoad(preload: () => Promise<void>) {
  const afterLoad = useAfterLoad();
  useEffect(() => {
    if (afterLoad) void preload();
  }, [afterLoad, preload]);
}

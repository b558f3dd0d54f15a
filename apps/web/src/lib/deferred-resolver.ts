// Form validation that loads after the page. The public forms (/login, /register, /contact) validate with the
// contract's zod schemas; zod and the schemas are about 27 KB gzip, which on top of the entry would take those
// pages past their 100 KB first-load budget (scripts/check-bundle-size.mjs). Nothing needs them before the
// first submit, so each form names its resolver by a dynamic import: the chunk is fetched at the visitor's first
// touch, click or key press on the page, or by the first validation should the visitor submit before then.
import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

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

const FIRST_INPUT = ['pointerdown', 'focusin', 'keydown'] as const;

/**
 * Loads a form's chunk (its validation, its code step) at the visitor's first touch, click, focus or key press on
 * the page, so that typing hides the wait and the first submit does not wait for it. Not at the end of the page's
 * load: building zod's schemas is one task of 80 ms on a phone, which the visitor would feel as a page that does
 * not answer (Lighthouse counts it in Total Blocking Time; decisions §8 allows 100 ms for the whole load).
 */
export function usePreloadOnFirstInput(preload: () => Promise<void>) {
  useEffect(() => {
    const start = () => {
      stop();
      void preload();
    };
    const stop = () => FIRST_INPUT.forEach((type) => document.removeEventListener(type, start, true));
    FIRST_INPUT.forEach((type) => document.addEventListener(type, start, { capture: true, passive: true }));
    return stop;
  }, [preload]);
}

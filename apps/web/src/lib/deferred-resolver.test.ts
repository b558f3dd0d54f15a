import { describe, expect, it, vi } from 'vitest';
import type { Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import { renderHook } from '@testing-library/react';
import { deferredResolver, usePreloadOnFirstInput } from './deferred-resolver';

interface Values {
  name: string;
}

const options = {
  fields: {},
  shouldUseNativeValidation: false,
} as ResolverOptions<Values>;

const requireName: Resolver<Values> = async (values): Promise<ResolverResult<Values>> => {
  if (values.name) return { values, errors: {} };
  return { values: {}, errors: { name: { type: 'too_small', message: 'Name is required' } } };
};

describe('deferredResolver', () => {
  it('loads the real resolver once, on first use, and answers with it', async () => {
    const load = vi.fn(async () => requireName);
    const { resolver } = deferredResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();

    const invalid = await resolver({ name: '' }, undefined, options);
    expect(invalid.errors).toMatchObject({ name: { message: 'Name is required' } });
    expect(await resolver({ name: 'Asha' }, undefined, options)).toEqual({ values: { name: 'Asha' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloads ahead of the first validation, and settles even when loading fails', async () => {
    const load = vi.fn(async () => requireName);
    const { resolver, preload } = deferredResolver<Values>(load);
    await preload();
    await resolver({ name: 'Asha' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);

    const failing = deferredResolver<Values>(() => Promise.reject(new Error('offline')));
    await expect(failing.preload()).resolves.toBeUndefined();
  });

  it('lets the values through unchecked (the server checks them) when the chunk fails, and retries next time', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(requireName);
    const { resolver } = deferredResolver<Values>(load);

    expect(await resolver({ name: '' }, undefined, options)).toEqual({ values: { name: '' }, errors: {} });
    const retried = await resolver({ name: '' }, undefined, options);
    expect(retried.errors).toMatchObject({ name: { message: 'Name is required' } });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('usePreloadOnFirstInput', () => {
  it('starts loading at the first touch, click or key press on the page, once', () => {
    const preload = vi.fn(async () => undefined);
    const { unmount } = renderHook(() => usePreloadOnFirstInput(preload));
    expect(preload).not.toHaveBeenCalled();

    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'a' }));
    expect(preload).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('leaves nothing listening once the page is left', () => {
    const preload = vi.fn(async () => undefined);
    const { unmount } = renderHook(() => usePreloadOnFirstInput(preload));
    unmount();
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(preload).not.toHaveBeenCalled();
  });
});

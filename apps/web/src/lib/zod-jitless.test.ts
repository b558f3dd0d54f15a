// The entry's zod setting keeps zod from probing `new Function`, which the CSP refuses and reports.
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('zod-jitless', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('builds and parses object schemas without ever constructing a Function', async () => {
    const constructed = vi.fn();
    const RealFunction = Function;
    vi.stubGlobal(
      'Function',
      new Proxy(RealFunction, {
        construct(target, args: string[]) {
          constructed(args);
          return Reflect.construct(target, args) as object;
        },
      }),
    );
    await import('./zod-jitless');
    const { z } = await import('zod');
    const schema = z.object({ name: z.string(), email: z.string().email() });
    expect(schema.parse({ name: 'Asha', email: 'asha@example.in' })).toEqual({
      name: 'Asha',
      email: 'asha@example.in',
    });
    expect(constructed).not.toHaveBeenCalled();
  });
});

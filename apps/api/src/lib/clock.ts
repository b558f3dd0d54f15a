// The current time in epoch ms, in one place so tests and code agree on the unit.
export const now = (): number => Date.now();

export const toIso = (ms: number | null | undefined): string | null => (ms == null ? null : new Date(ms).toISOString());

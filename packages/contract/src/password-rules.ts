// D4: the one password rule for register, staff and profile, with the checklist the forms show (zod-free).

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'One number', test: (p: string) => /\d/.test(p) },
  {
    id: 'special',
    label: `One special character (${PASSWORD_SPECIALS})`,
    test: (p: string) => [...p].some((c) => PASSWORD_SPECIALS.includes(c)),
  },
] as const;

export const PASSWORD_REQUIREMENTS_MESSAGE = 'Please meet all password requirements';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';

export const isStrongPassword = (p: string) => PASSWORD_RULES.every((r) => r.test(p));

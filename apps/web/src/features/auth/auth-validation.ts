// The login and register forms' validation: the contract's schemas, with zod, in a chunk of their own that
// loads at the visitor's first input (lib/deferred-resolver.ts says why).
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema, registerBodySchema } from '@safarnama/contract/auth';

export const loginResolver = zodResolver(loginBodySchema);
export const registerResolver = zodResolver(registerBodySchema);

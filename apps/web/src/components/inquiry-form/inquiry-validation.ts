// The inquiry form's validation: the contract's schema, with zod, in a chunk of its own that loads at the
// visitor's first input (lib/deferred-resolver.ts says why).
import { zodResolver } from '@hookform/resolvers/zod';
import { createInquiryBodySchema } from '@safarnama/contract/inquiries';

export const inquiryResolver = zodResolver(createInquiryBodySchema);

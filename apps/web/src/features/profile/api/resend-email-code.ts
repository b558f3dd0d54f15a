// POST /api/profile/resend-email-code: a new code for the pending address (60 s cool-down).
import { api } from '../../../lib/api-client';

export const resendEmailCode = () => api.post<{ message: string }>('/api/profile/resend-email-code');

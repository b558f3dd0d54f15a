// D34, at an explicit log-out: the signed-in user's queued inquiries are theirs and go with their session. Asked
// first when any are left, since they would be lost; loaded only at the log-out (the nav bar is on every page).
import { OFFLINE_TEXT } from '@safarnama/contract/offline';
import { clearQueue, queuedInquiries } from './inquiry-queue';

/** The question to ask before logging out, or null when nothing of the user's waits. */
export async function logoutQuestion(userId: string): Promise<string | null> {
  const left = (await queuedInquiries(userId)).length;
  return left > 0 ? OFFLINE_TEXT.logoutConfirm(left) : null;
}

export const forgetQueue = (userId: string) => clearQueue(userId);

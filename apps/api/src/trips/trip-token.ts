// D30's trip link token: 256 random bits, base64url; only its SHA-256 is stored, so a copy of the database opens no
// trip. Every lookup hashes first, so a wrong token costs the same work as a right one.
import crypto from 'node:crypto';

export const newTripToken = () => crypto.randomBytes(32).toString('base64url');
export const hashTripToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');
export const tripUrl = (siteUrl: string, token: string) => `${siteUrl}/trip/${token}`;

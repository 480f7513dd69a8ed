// Random tokens for sessions and password resets. The client holds the token; the database holds
// only its SHA-256, so a copy of the database cannot be replayed as a login.
import { createHash, randomBytes } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

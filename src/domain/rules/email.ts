import { z } from 'zod';
import { MESSAGES } from '../messages';

// The same check as the schemas' z.email(), so the grid and the server agree on every address.
const emailFormat = z.email();

function isValidEmail(value: string): boolean {
  return emailFormat.safeParse(value).success;
}

/** The grid validator: empty is allowed, otherwise a standard address; 'Invalid email address.' */
export function validateEmail(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return null;
  return isValidEmail(trimmed) ? null : MESSAGES.invalidEmail;
}

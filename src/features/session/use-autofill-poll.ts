// Browsers may fill saved credentials without firing input events; the login form polls the
// fields every AUTOFILL_POLL_MS (spec section 9) and takes what it finds.
import { useEffect, type RefObject } from 'react';
import { AUTOFILL_POLL_MS } from '../../domain/constants/ui';

export function useAutofillPoll(
  fields: { ref: RefObject<HTMLInputElement | null>; value: string; set(value: string): void }[],
): void {
  useEffect(() => {
    const timer = setInterval(() => {
      for (const field of fields) {
        const current = field.ref.current?.value;
        if (current !== undefined && current !== field.value) field.set(current);
      }
    }, AUTOFILL_POLL_MS);
    return () => clearInterval(timer);
  });
}

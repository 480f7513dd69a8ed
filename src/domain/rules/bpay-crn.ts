// A BPAY customer reference number (CRN) ends in a check digit, so a mistyped reference is refused
// at the payer's bank instead of paying someone else's account. The association's biller uses
// BPAY's MOD10V01 routine, which is the Luhn algorithm (docs/invoices.md).

/** BPAY CRNs are 2 to 20 digits. */
const CRN_PATTERN = /^\d{2,20}$/;

/** The Luhn check digit of the digits before it. */
export function crnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i += 1) {
    // Doubled from the rightmost digit of the payload, which sits beside the check digit.
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether the reference is digits only, of a BPAY length, and ends in its check digit. */
export function isValidCrn(crn: string): boolean {
  if (!CRN_PATTERN.test(crn)) return false;
  return crnCheckDigit(crn.slice(0, -1)) === Number(crn.slice(-1));
}

/** The payload with its check digit added. */
export const withCheckDigit = (payload: string) => `${payload}${crnCheckDigit(payload)}`;

/** Why the BPAY grid refuses a reference, with the reference its digits would make. */
export const crnRefusedMessage = (crn: string) =>
  CRN_PATTERN.test(crn) || /^\d$/.test(crn)
    ? `BPAY reference ${crn} does not end in its check digit: ${withCheckDigit(crn)} does (or check the reference the bank gave).`
    : `BPAY reference ${crn} is not a customer reference number: 2 to 20 digits, the last its check digit.`;

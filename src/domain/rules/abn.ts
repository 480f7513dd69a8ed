// The Australian Business Number: 11 digits whose weighted sum, after taking 1 from the first
// digit, is a multiple of 89 (the ABR's published check). A supplier's tax invoice must show it.

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** The digits of an ABN as people write it ('51 824 753 556'): spaces are ignored. */
const digitsOf = (abn: string) => abn.replace(/\s+/g, '');

export function isValidAbn(abn: string): boolean {
  const digits = digitsOf(abn);
  if (!/^\d{11}$/.test(digits) || digits[0] === '0') return false;
  const sum = ABN_WEIGHTS.reduce((total, weight, i) => total + weight * (Number(digits[i]) - (i === 0 ? 1 : 0)), 0);
  return sum % 89 === 0;
}

/** As the ABR prints it: 'NN NNN NNN NNN'. */
export function formatAbn(abn: string): string {
  const d = digitsOf(abn);
  return `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8, 11)}`;
}

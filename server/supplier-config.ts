// Who issues the tax invoices (docs/invoices.md): one supplier per organisation, Northern for the
// NSW invoice type and Southern otherwise, each from its SUPPLIER_<ORG>_* variables. The ATO's
// rules make name, ABN, address and a contact necessary on a tax invoice, so a deployment does not
// start without them; the demo on the embedded database prints fictional ones, marked as such.
import { z } from 'zod';
import { ACCOUNTING_REGIONS, type AccountingRegion } from '../src/domain/constants/choices';
import { formatAbn, isValidAbn } from '../src/domain/rules/abn';
import type { Supplier } from '../src/domain/schemas';

const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max).optional(),
  );

const supplierEnv = z.object({
  NAME: text(200),
  ABN: text(20).refine(
    (v) => v === undefined || isValidAbn(v),
    'must be an ABN: 11 digits with a valid check (as on abr.business.gov.au)',
  ),
  ADDRESS: text(300),
  EMAIL: text(200).refine((v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'must be an email address'),
  PHONE: text(30).refine((v) => v === undefined || /^[0-9 +()-]{6,30}$/.test(v), 'must be a phone number'),
  BPAY_BILLER_CODE: text(10).refine(
    (v) => v === undefined || /^\d{3,10}$/.test(v),
    'must be a BPAY Biller Code: 3 to 10 digits',
  ),
  BANK_ACCOUNT_NAME: text(200),
  BANK_BSB: text(7).refine((v) => v === undefined || /^\d{3}-?\d{3}$/.test(v), 'must be a BSB: 6 digits, as 062-000'),
  BANK_ACCOUNT_NUMBER: text(12).refine(
    (v) => v === undefined || /^\d{5,9}$/.test(v),
    'must be an account number: 5 to 9 digits',
  ),
  CHEQUE_ADDRESS: text(300),
});
type SupplierEnv = z.infer<typeof supplierEnv>;

/** What the demo prints: fictional organisations with ABNs that pass the check. */
const DEMO_SUPPLIERS: Record<AccountingRegion, Supplier> = {
  Northern: {
    name: 'Northern Interschools Snowsports (demo)',
    abn: '43 617 592 181',
    address: 'PO Box 100, Jindabyne NSW 2627',
    email: 'accounts@northern.example.org.au',
    phone: '02 6400 0000',
    bpayBillerCode: '123456',
    bank: { accountName: 'Northern Interschools Snowsports', bsb: '062-000', accountNumber: '12345678' },
    chequeAddress: 'PO Box 100, Jindabyne NSW 2627',
  },
  Southern: {
    name: 'Southern Interschools Snowsports (demo)',
    abn: '86 204 371 025',
    address: 'PO Box 200, Mansfield VIC 3722',
    email: 'accounts@southern.example.org.au',
    phone: '03 5700 0000',
    bpayBillerCode: '654321',
    bank: null,
    chequeAddress: null,
  },
};

const variable = (org: AccountingRegion, key: keyof SupplierEnv) => `SUPPLIER_${org.toUpperCase()}_${key}`;

function readOrg(env: NodeJS.ProcessEnv, org: AccountingRegion): { values: SupplierEnv; issues: string[] } {
  const raw = Object.fromEntries(
    Object.keys(supplierEnv.shape).map((key) => [key, env[variable(org, key as keyof SupplierEnv)]]),
  );
  const parsed = supplierEnv.safeParse(raw);
  if (!parsed.success) {
    return {
      values: {},
      issues: parsed.error.issues.map((i) => `  ${variable(org, i.path[0] as keyof SupplierEnv)}: ${i.message}`),
    };
  }
  return { values: parsed.data, issues: [] };
}

function supplierOf(org: AccountingRegion, v: SupplierEnv): { supplier: Supplier | null; issues: string[] } {
  const issues: string[] = [];
  const need = (key: keyof SupplierEnv, why: string) => {
    if (v[key] === undefined) issues.push(`  ${variable(org, key)}: ${why}`);
  };
  need('NAME', "must be set: the supplier's name goes on every tax invoice");
  need('ABN', "must be set: a tax invoice shows the supplier's ABN");
  need('ADDRESS', "must be set: the supplier's address goes on every tax invoice");
  if (v.EMAIL === undefined && v.PHONE === undefined)
    issues.push(
      `  ${variable(org, 'EMAIL')}: an email or a phone (${variable(org, 'PHONE')}) must be set: the invoice says whom to ask`,
    );
  const bankKeys = ['BANK_BSB', 'BANK_ACCOUNT_NUMBER'] as const;
  if (bankKeys.some((k) => v[k] !== undefined) && !bankKeys.every((k) => v[k] !== undefined)) {
    issues.push(
      `  ${variable(org, 'BANK_BSB')}: ${variable(org, 'BANK_BSB')} and ${variable(org, 'BANK_ACCOUNT_NUMBER')} go together`,
    );
  }
  if (issues.length) return { supplier: null, issues };
  const bsb = v.BANK_BSB?.replace(/^(\d{3})-?(\d{3})$/, '$1-$2');
  return {
    issues,
    supplier: {
      name: v.NAME!,
      abn: formatAbn(v.ABN!),
      address: v.ADDRESS!,
      email: v.EMAIL ?? '',
      phone: v.PHONE ?? '',
      bpayBillerCode: v.BPAY_BILLER_CODE ?? null,
      bank:
        bsb && v.BANK_ACCOUNT_NUMBER
          ? { accountName: v.BANK_ACCOUNT_NAME ?? v.NAME!, bsb, accountNumber: v.BANK_ACCOUNT_NUMBER }
          : null,
      chequeAddress: v.CHEQUE_ADDRESS ?? null,
    },
  };
}

/**
 * Each organisation's supplier. Set variables are always checked. An organisation with none set
 * prints the demo's supplier, except on a deployment, which must name both: a tax invoice without
 * the supplier's ABN is no tax invoice. Throws naming every variable at fault.
 */
export function loadSuppliers(env: NodeJS.ProcessEnv, deployed: boolean): Record<AccountingRegion, Supplier> {
  const issues: string[] = [];
  const suppliers = { ...DEMO_SUPPLIERS };
  for (const org of ACCOUNTING_REGIONS) {
    const read = readOrg(env, org);
    issues.push(...read.issues);
    if (read.issues.length) continue;
    const anySet = Object.values(read.values).some((value) => value !== undefined);
    if (!anySet && !deployed) continue;
    const built = supplierOf(org, read.values);
    issues.push(...built.issues);
    if (built.supplier) suppliers[org] = built.supplier;
  }
  if (issues.length) throw new Error(`Invalid configuration:\n${issues.join('\n')}`);
  return suppliers;
}

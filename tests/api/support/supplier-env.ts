// A deployment names both suppliers of its tax invoices (server/supplier-config.ts): tests that
// load the configuration of a deployment (DATABASE_URL, an https PUBLIC_URL) give these.
const supplier = (org: 'NORTHERN' | 'SOUTHERN', name: string, abn: string, billerCode: string) => ({
  [`SUPPLIER_${org}_NAME`]: name,
  [`SUPPLIER_${org}_ABN`]: abn,
  [`SUPPLIER_${org}_ADDRESS`]: `1 ${name} Road, Jindabyne NSW 2627`,
  [`SUPPLIER_${org}_EMAIL`]: `accounts@${org.toLowerCase()}.example.org.au`,
  [`SUPPLIER_${org}_BPAY_BILLER_CODE`]: billerCode,
});

export const SUPPLIER_ENV: Record<string, string> = {
  ...supplier('NORTHERN', 'Snowy Schools Association', '43617592181', '223344'),
  ...supplier('SOUTHERN', 'Alpine Schools Association', '86204371025', '556677'),
};

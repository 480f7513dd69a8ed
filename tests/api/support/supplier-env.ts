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

/** The configuration an app under test runs with: files under `dataDir`, no client, no logs, and
 *  concurrent requests left to queue (tests/api/admission.test.ts checks the refusal with small
 *  limits). `env` overrides any of it. */
export function appUnderTestEnv(dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    ...SUPPLIER_ENV,
    DATA_DIR: dataDir,
    STATIC_DIR: '.tmp/no-client',
    LOG_LEVEL: 'silent',
    MAX_QUEUE_MS: '60000',
    // A live stream ends after a moment, so a test that only asks for it gets its whole answer.
    LIVE_STREAM_MS: '100',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  };
}

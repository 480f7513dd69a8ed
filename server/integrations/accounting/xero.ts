// Xero's Accounting API as the accounting provider (docs/accounting.md 'The Xero conversation'):
// chosen when XERO_CLIENT_ID is set. Each organisation (Northern, Southern) is one Xero tenant
// reached through a custom connection: an access token from the identity server's client
// credentials grant (HTTP Basic client id and secret), cached until a minute before it expires,
// sent as a bearer token with the tenant's id on every call. The adapter is split by what changes
// together:
//   xero-client.ts   one call: the token and tenant, 401 and 429 retried, failures mapped
//   xero-token.ts    the token cache; xero-http.ts the wire; xero-answers.ts the answers we read
//   xero-contacts.ts, xero-invoices.ts, xero-payments.ts, xero-refunds.ts   the operations
//
// What can go wrong, and what we do:
// - 401: the token expired early or was revoked: a new token is fetched and the call sent once more.
// - 429: Xero's rate limit: a wait of Retry-After up to 5 s is waited out inside the call, three
//   times at most; the daily limit, a longer wait or a fourth 429 is AccountingRateLimited, and
//   the caller pauses the organisation until Retry-After.
// - 5xx, 4xx, network failure, no answer within 10 s, a redirect, an answer we cannot read (each
//   one is checked against the shape we expect): AccountingUnavailable. Callers keep our own
//   records and push again later.
// - Our own invoice whose lines do not add up to its total is a plain Error: no retry cures it.
//
// Repeats never duplicate anything: an invoice sent without its Xero id is first looked up by its
// reference (our invoice number); a payment is first looked up on its invoice by its reference
// (our payment id); creations carry an Idempotency-Key, so a request retried after a lost answer
// is applied once.
import type { XeroConfig } from '../../config';
import type { AccountingProvider } from './index';
import { XeroClient, type XeroOptions } from './xero-client';
import { createXeroContact, listXeroContacts } from './xero-contacts';
import { upsertXeroInvoice } from './xero-invoices';
import { recordXeroPayment, xeroPaymentsSince } from './xero-payments';
import { recordXeroRefund } from './xero-refunds';

export { XERO_TOKEN_MARGIN_MS } from './xero-token';

export function createXeroAccounting(config: XeroConfig, opts: XeroOptions = {}): AccountingProvider {
  // One client per provider: its token cache and the limits last reported are shared by every call.
  const xero = new XeroClient(config, opts);
  return {
    name: 'xero',
    listContacts: (org) => listXeroContacts(xero, org),
    createContact: (org, contact) => createXeroContact(xero, org, contact),
    upsertInvoice: (org, invoice) => upsertXeroInvoice(xero, org, invoice),
    recordPayment: (org, payment) => recordXeroPayment(xero, org, payment),
    recordRefund: (org, refund) => recordXeroRefund(xero, org, refund),
    paymentsSince: (org, since) => xeroPaymentsSince(xero, org, since),
    limits: (org) => xero.limitsOf(org),
  };
}

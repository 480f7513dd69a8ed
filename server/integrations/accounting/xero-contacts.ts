// Xero's contacts of an organisation (docs/accounting.md 'Which school is which contact'): read
// for the accounting sync screen, created for a school's first invoice there.
import { AccountingUnavailable, type AccountingContact, type Organisation } from './index';
import { contactsAnswer, createdContactAnswer, refuseInvalid } from './xero-answers';
import { XERO_MAX_PAGES, XERO_PAGE_SIZE, idempotencyKey, type XeroClient } from './xero-client';

/** Every active contact: an archived one cannot be sent an invoice, so it is not offered. */
export async function listXeroContacts(xero: XeroClient, org: Organisation): Promise<AccountingContact[]> {
  const contacts: AccountingContact[] = [];
  for (let page = 1; ; page += 1) {
    if (page > XERO_MAX_PAGES) throw new AccountingUnavailable('Xero contacts: too many pages');
    const answer = await xero.call(
      org,
      {
        method: 'GET',
        path: '/Contacts',
        what: 'Xero contacts',
        query: { page: String(page), summaryOnly: 'true' },
      },
      contactsAnswer,
    );
    for (const c of answer.Contacts) {
      if (c.ContactStatus && c.ContactStatus !== 'ACTIVE') continue;
      contacts.push({ contactId: c.ContactID, name: c.Name, email: c.EmailAddress ?? '' });
    }
    const lastPage = answer.pagination ? page >= answer.pagination.pageCount : answer.Contacts.length < XERO_PAGE_SIZE;
    if (lastPage || answer.Contacts.length === 0) break;
  }
  return contacts;
}

export async function createXeroContact(
  xero: XeroClient,
  org: Organisation,
  contact: { name: string; email: string },
): Promise<AccountingContact> {
  const what = 'Xero contact creation';
  const answer = await xero.call(
    org,
    {
      method: 'POST',
      path: '/Contacts',
      what,
      body: { Contacts: [{ Name: contact.name, ...(contact.email ? { EmailAddress: contact.email } : {}) }] },
      idempotencyKey: idempotencyKey('contact', `${org}\n${contact.name}\n${contact.email}`),
    },
    createdContactAnswer,
  );
  const created = answer.Contacts[0]!;
  refuseInvalid(what, created);
  return { contactId: created.ContactID, name: created.Name, email: created.EmailAddress ?? '' };
}

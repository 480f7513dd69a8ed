// What makes the invoice a valid Australian tax invoice: the supplier's ABN (the ABR's check),
// the BPAY customer reference number's check digit (MOD10V01, Luhn), and the supplier's details
// from configuration, which a deployment must give.
import { describe, expect, it } from 'vitest';
import { formatAbn, isValidAbn } from '../../src/domain/rules/abn';
import { crnCheckDigit, crnRefusedMessage, isValidCrn, withCheckDigit } from '../../src/domain/rules/bpay-crn';
import { loadSuppliers } from '../../server/supplier-config';

describe('ABN', () => {
  it('accepts ABNs that pass the ABR check, written with or without spaces', () => {
    // The ATO's own ABN and the ABR's worked example.
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('53004085616')).toBe(true);
    expect(formatAbn('53004085616')).toBe('53 004 085 616');
  });

  it('refuses a changed digit, a swapped pair, the wrong length and letters', () => {
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('15 824 753 556')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('51 824 753 55a')).toBe(false);
  });
});

describe('BPAY customer reference number', () => {
  it('ends in the Luhn check digit', () => {
    expect(crnCheckDigit('7992739871')).toBe(3);
    expect(withCheckDigit('100041')).toBe('1000413');
    expect(isValidCrn('79927398713')).toBe(true);
    expect(isValidCrn('1000413')).toBe(true);
  });

  it('refuses a wrong last digit, transposed digits, letters and lengths BPAY does not take', () => {
    expect(isValidCrn('1000417')).toBe(false);
    expect(isValidCrn('1004013')).toBe(false);
    expect(isValidCrn('10004A3')).toBe(false);
    expect(isValidCrn('0')).toBe(false);
    expect(isValidCrn('1'.repeat(21))).toBe(false);
  });

  it('says which reference the digits would make', () => {
    expect(crnRefusedMessage('100041')).toBe(
      'BPAY reference 100041 does not end in its check digit: 1000413 does (or check the reference the bank gave).',
    );
    expect(crnRefusedMessage('AB-12')).toBe(
      'BPAY reference AB-12 is not a customer reference number: 2 to 20 digits, the last its check digit.',
    );
  });
});

describe('the suppliers of the tax invoices', () => {
  const northern = {
    SUPPLIER_NORTHERN_NAME: 'Snowy Schools Association',
    SUPPLIER_NORTHERN_ABN: '43617592181',
    SUPPLIER_NORTHERN_ADDRESS: 'PO Box 1, Jindabyne NSW 2627',
    SUPPLIER_NORTHERN_PHONE: '02 6400 1111',
  };
  const southern = {
    SUPPLIER_SOUTHERN_NAME: 'Alpine Schools Association',
    SUPPLIER_SOUTHERN_ABN: '86 204 371 025',
    SUPPLIER_SOUTHERN_ADDRESS: 'PO Box 2, Mansfield VIC 3722',
    SUPPLIER_SOUTHERN_EMAIL: 'accounts@alpine.example.org.au',
    SUPPLIER_SOUTHERN_BPAY_BILLER_CODE: '987654',
    SUPPLIER_SOUTHERN_BANK_BSB: '063000',
    SUPPLIER_SOUTHERN_BANK_ACCOUNT_NUMBER: '1234567',
    SUPPLIER_SOUTHERN_CHEQUE_ADDRESS: 'PO Box 2, Mansfield VIC 3722',
  };

  it('reads each organisation from its variables, with the ABN and BSB as printed', () => {
    const suppliers = loadSuppliers({ ...northern, ...southern }, true);
    expect(suppliers.Northern).toEqual({
      name: 'Snowy Schools Association',
      abn: '43 617 592 181',
      address: 'PO Box 1, Jindabyne NSW 2627',
      email: '',
      phone: '02 6400 1111',
      bpayBillerCode: null,
      bank: null,
      chequeAddress: null,
    });
    expect(suppliers.Southern).toMatchObject({
      abn: '86 204 371 025',
      bpayBillerCode: '987654',
      chequeAddress: 'PO Box 2, Mansfield VIC 3722',
      bank: { accountName: 'Alpine Schools Association', bsb: '063-000', accountNumber: '1234567' },
    });
  });

  it('refuses to start a deployment that does not name both suppliers, naming every variable missing', () => {
    expect(() => loadSuppliers({}, true)).toThrow(
      /SUPPLIER_NORTHERN_NAME[\s\S]*SUPPLIER_NORTHERN_ABN[\s\S]*SUPPLIER_NORTHERN_ADDRESS[\s\S]*SUPPLIER_NORTHERN_EMAIL[\s\S]*SUPPLIER_SOUTHERN_NAME/,
    );
    expect(() => loadSuppliers(northern, true)).toThrow(/SUPPLIER_SOUTHERN_NAME/);
    expect(() => loadSuppliers({ ...northern, ...southern, SUPPLIER_NORTHERN_ABN: '43617592182' }, true)).toThrow(
      /SUPPLIER_NORTHERN_ABN: must be an ABN/,
    );
    expect(() => loadSuppliers({ ...northern, ...southern, SUPPLIER_SOUTHERN_BANK_ACCOUNT_NUMBER: '' }, true)).toThrow(
      /SUPPLIER_SOUTHERN_BANK_BSB.*go together/,
    );
  });

  it('prints the demo suppliers when nothing is set and it is not a deployment, and checks what is set', () => {
    const demo = loadSuppliers({}, false);
    expect(demo.Northern.name).toMatch(/\(demo\)$/);
    expect(isValidAbn(demo.Northern.abn) && isValidAbn(demo.Southern.abn)).toBe(true);
    expect(loadSuppliers(northern, false).Northern.name).toBe('Snowy Schools Association');
    expect(() => loadSuppliers({ SUPPLIER_NORTHERN_NAME: 'Half set' }, false)).toThrow(
      /SUPPLIER_NORTHERN_ABN: must be set/,
    );
  });
});

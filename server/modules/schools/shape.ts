// Row -> domain shape of a school with its coordinator's sign-in email (never a password or its
// hash): the module's answers and the change feed send this one shape.
import type { SchoolCategory, SchoolGovOrPrivate, SchoolType } from '../../../src/domain/constants';
import type { School } from '../../../src/domain/schemas';
import type { schools } from '../../db/schema';

export type SchoolRow = typeof schools.$inferSelect;

export function toSchool(s: SchoolRow, loginEmail: string | undefined): School {
  return {
    id: s.id,
    name: s.name,
    nickname: s.nickname,
    address1: s.address1,
    address2: s.address2,
    town: s.town,
    region: s.region,
    postcode: s.postcode,
    phone: s.phone,
    fax: s.fax,
    schoolType: s.schoolType as SchoolType,
    schoolCategory: s.schoolCategory as SchoolCategory,
    schoolGovOrPrivate: s.schoolGovOrPrivate as SchoolGovOrPrivate,
    StateId: s.stateId,
    bpay: s.bpay,
    createdAt: s.createdAt?.toISOString() ?? null,
    coordinator: {
      firstname: s.coordinatorFirstname,
      lastname: s.coordinatorLastname,
      phone: s.coordinatorPhone,
      mobile: s.coordinatorMobile,
      fax: s.coordinatorFax,
      ausEnews: s.coordinatorAusEnews,
    },
    principal: { firstname: s.principalFirstname, lastname: s.principalLastname, email: s.principalEmail },
    // The spec's client sets a null password to '' on load; the hash never leaves the server.
    user: { email: loginEmail ?? '', password: null },
    version: s.version,
  };
}

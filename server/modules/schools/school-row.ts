// The school's columns from a registration or profile form (the coordinator and principal live on
// the school row). The BPAY reference is never taken from these forms: only the BPAY grid sets it.
import type { SchoolProfile, SchoolRegistration } from '../../../src/domain/schemas';
import type { schools } from '../../db/schema';

type Form = Omit<SchoolRegistration | SchoolProfile, 'user'>;

export function schoolColumns(s: Form): Omit<typeof schools.$inferInsert, 'id' | 'bpay'> {
  return {
    name: s.name,
    nickname: s.nickname,
    address1: s.address1,
    address2: s.address2,
    town: s.town,
    region: s.region,
    postcode: s.postcode,
    phone: s.phone,
    fax: s.fax,
    schoolType: s.schoolType,
    schoolCategory: s.schoolCategory,
    schoolGovOrPrivate: s.schoolGovOrPrivate,
    stateId: s.StateId,
    coordinatorFirstname: s.coordinator.firstname,
    coordinatorLastname: s.coordinator.lastname,
    coordinatorPhone: s.coordinator.phone,
    coordinatorMobile: s.coordinator.mobile,
    coordinatorFax: s.coordinator.fax,
    coordinatorAusEnews: s.coordinator.ausEnews,
    principalFirstname: s.principal.firstname,
    principalLastname: s.principal.lastname,
    principalEmail: s.principal.email,
  };
}

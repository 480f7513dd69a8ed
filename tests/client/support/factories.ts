// Client test data: a signed-in coordinator and participant rows, with overrides per test.
import { v7 as uuidv7 } from 'uuid';
import type { SessionUser } from '../../../src/domain/schemas/entities';

export function sessionUser(schoolId: string, eventId: string, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    type: 'school',
    SchoolId: schoolId,
    EventId: eventId,
    eventName: 'Interschools 2025',
    schoolName: 'Alpine High',
    eventType: 'State',
    invoiceType: 'NSW',
    eventStates: [],
    selectedSchool: schoolId,
    username: 'coordinator@alpine.edu.au',
    firstSeasonLogin: false,
    locked: false,
    ...overrides,
  };
}

/** A participant as the mirror keeps it (the caller's row type decides the extra fields). */
export function participantRow<T extends object>(schoolId: string, overrides: Partial<T> & { version?: number } = {}) {
  return {
    id: uuidv7(),
    snowId: '1001',
    snowIdActive: 1 as const,
    firstname: 'Ada',
    lastname: 'Lovelace',
    yearLevel: '8',
    gender: 'Female',
    dob: '2011-02-03',
    email: '',
    SchoolId: schoolId,
    archived: 0 as const,
    version: 1,
    ...overrides,
  } as unknown as T;
}

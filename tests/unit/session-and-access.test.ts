import { describe, expect, it } from 'vitest';
import {
  activeParticipants,
  applySessionSwitch,
  canEditSchoolData,
  canRemoveParticipant,
  canViewPaymentsAndSchools,
  canViewRaceDay,
  canViewReports,
  homeNeedsLogin,
  isAdmin,
  isLoginSuccess,
  postLoginRoute,
  raceEntriesToDelete,
  sessionAfterLock,
  sessionAfterSchoolDeleted,
  sessionAfterSwitchFailure,
  sessionSwitchOutcome,
  snowIdLookupMessage,
  writeBlockedByLock,
} from '../../src/domain';
import { uuid } from './factories';

describe('login', () => {
  it('sends racedept to /startlists and everyone else home', () => {
    expect(postLoginRoute('racedept')).toBe('/startlists');
    expect(postLoginRoute('school')).toBe('/');
    expect(postLoginRoute('admin')).toBe('/');
    expect(postLoginRoute('auditor')).toBe('/');
  });

  it('is a success only when the answer carries a username', () => {
    expect(isLoginSuccess({ username: 'coordinator@school.edu.au' })).toBe(true);
    expect(isLoginSuccess({})).toBe(false);
    expect(isLoginSuccess({ username: '' })).toBe(false);
  });

  it('sends home to /login without a user or an event', () => {
    expect(homeNeedsLogin(null)).toBe(true);
    expect(homeNeedsLogin({ EventId: null })).toBe(true);
    expect(homeNeedsLogin({ EventId: uuid(1) })).toBe(false);
  });
});

describe('session switch', () => {
  const user = { SchoolId: uuid(1), EventId: uuid(10), selectedSchool: uuid(1), schoolName: 'A', locked: false };

  it('reloads when the event is unchanged and goes home otherwise', () => {
    expect(sessionSwitchOutcome(uuid(10), uuid(10))).toBe('reload');
    expect(sessionSwitchOutcome(uuid(10), uuid(11))).toBe('home');
  });

  it('updates the user with the answer', () => {
    const next = applySessionSwitch(user, { SchoolId: uuid(2), EventId: uuid(10), schoolName: 'B' });
    expect(next).toMatchObject({ SchoolId: uuid(2), selectedSchool: uuid(2), schoolName: 'B', locked: false });
  });

  it('resets school and event after a failed switch', () => {
    expect(sessionAfterSwitchFailure(user)).toMatchObject({ SchoolId: null, EventId: null, selectedSchool: null });
  });

  it('clears the school after deleting it', () => {
    expect(sessionAfterSchoolDeleted(user)).toMatchObject({
      SchoolId: null,
      selectedSchool: null,
      schoolName: '',
      EventId: uuid(10),
    });
  });

  it('marks the user locked after a 410', () => {
    expect(sessionAfterLock(user).locked).toBe(true);
  });
});

describe('participants', () => {
  it('hides remove from a school user once the invoice is paid', () => {
    expect(canRemoveParticipant('school', true)).toBe(false);
    expect(canRemoveParticipant('school', false)).toBe(true);
  });

  it('keeps remove for an admin even when paid', () => {
    expect(canRemoveParticipant('admin', true)).toBe(true);
  });

  it("deletes an archived participant's race entries in the current event", () => {
    const entries = [
      { id: uuid(101), ParticipantId: uuid(1) },
      { id: uuid(102), ParticipantId: uuid(2) },
      { id: uuid(103), ParticipantId: null },
    ];
    expect(raceEntriesToDelete([uuid(1)], entries)).toEqual([uuid(101)]);
  });

  it('leaves archived participants out of the grid', () => {
    expect(activeParticipants([{ archived: 0 }, { archived: 1 }])).toEqual([{ archived: 0 }]);
  });
});

describe('access', () => {
  it('opens payments, schools and reports to admin and auditor only', () => {
    for (const type of ['admin', 'auditor']) {
      expect(canViewPaymentsAndSchools(type)).toBe(true);
      expect(canViewReports(type)).toBe(true);
    }
    for (const type of ['school', 'racedept']) {
      expect(canViewPaymentsAndSchools(type)).toBe(false);
      expect(canViewReports(type)).toBe(false);
    }
  });

  it('opens race-day screens to admin and racedept', () => {
    expect(canViewRaceDay('racedept')).toBe(true);
    expect(canViewRaceDay('school')).toBe(false);
  });

  it('lets only admin and school edit school data, and only admin use admin tools', () => {
    expect(canEditSchoolData('school')).toBe(true);
    expect(canEditSchoolData('auditor')).toBe(false);
    expect(isAdmin('admin')).toBe(true);
    expect(isAdmin('auditor')).toBe(false);
  });

  it('blocks school writes to a locked event and volunteer writes past volunteerLock; admins are exempt', () => {
    const open = { locked: false, volunteerLock: false };
    expect(writeBlockedByLock('school', open, true)).toBeNull();
    expect(writeBlockedByLock('school', { ...open, locked: true }, false)).toBe('EVENT_LOCKED');
    expect(writeBlockedByLock('school', { ...open, volunteerLock: true }, true)).toBe('VOLUNTEERS_LOCKED');
    expect(writeBlockedByLock('school', { ...open, volunteerLock: true }, false)).toBeNull();
    expect(writeBlockedByLock('admin', { locked: true, volunteerLock: true }, true)).toBeNull();
  });
});

describe('snow id lookup messages', () => {
  it("answers 'Snow Id not found' when nothing came back", () => {
    expect(snowIdLookupMessage({ kind: 'empty' })).toBe('Snow Id not found');
  });

  it("answers 'Snow Id not found or is inactive' for a 404", () => {
    expect(snowIdLookupMessage({ kind: 'http', status: 404 })).toBe('Snow Id not found or is inactive');
  });

  it('asks the user to wait when the lookup limit answers 429', () => {
    expect(snowIdLookupMessage({ kind: 'http', status: 429 })).toMatch(/^Too many snow id lookups/);
  });

  it("answers 'Error connecting to the athlete registry' for anything else", () => {
    expect(snowIdLookupMessage({ kind: 'http', status: 500 })).toBe('Error connecting to the athlete registry');
    expect(snowIdLookupMessage({ kind: 'network' })).toBe('Error connecting to the athlete registry');
  });
});

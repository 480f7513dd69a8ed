import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { MAX_WRITE_BATCH_ROWS } from '../../src/domain/constants/limits';
import {
  applyEdits,
  diffParticipants,
  planParticipantsSave,
  recordEdit,
  saveProblems,
  toGridRow,
  LOOKUP_PENDING,
  type LocalParticipantRow,
} from '../../src/features/participants/participant-rows';
import { failedRowIds } from '../../src/features/participants/use-participants-data';
import { participantRow } from './support/factories';

const SCHOOL = uuidv7();

function participant(overrides: Partial<LocalParticipantRow> = {}): LocalParticipantRow {
  return participantRow<LocalParticipantRow>(SCHOOL, { version: 2, ...overrides });
}

describe('participant grid rows', () => {
  it('shows the date of birth dd/mm/yyyy and marks inactive and pending rows', () => {
    expect(toGridRow(participant()).dob).toBe('03/02/2011');
    expect(toGridRow(participant({ dob: null })).dob).toBe('');
    expect(toGridRow(participant({ snowIdActive: 0 }))).toMatchObject({ inactive: true, status: 'inactive snow id' });
    expect(toGridRow(participant({ snowIdActive: 0, _lookupPending: true }))).toMatchObject({
      inactive: false,
      status: LOOKUP_PENDING,
    });
    expect(toGridRow(participant(), 'Refused')).toMatchObject({ failed: true, status: 'Refused' });
  });

  it('keeps draft edits over the mirror and drops an edit back to the original value', () => {
    const row = toGridRow(participant());
    let edits = recordEdit({}, row, row.id, 'email', 'ada@example.com');
    expect(applyEdits([row], edits, new Set())[0]!.email).toBe('ada@example.com');
    edits = recordEdit(edits, row, row.id, 'email', '');
    expect(edits).toEqual({});
    expect(recordEdit({}, row, row.id, 'status', 'x')).toEqual({});
    expect(applyEdits([row], {}, new Set([row.id]))).toEqual([]);
  });
});

describe('which call Save queues', () => {
  it('one changed row: PATCH with only the changed fields (date sent YYYY-MM-DD) and the version', () => {
    const ada = participant();
    const other = participant({ snowId: '2' });
    const edits = { [ada.id]: { dob: '4/5/2011', email: 'ada@example.com', firstname: 'Ada' } };
    const changes = diffParticipants([ada, other], edits, new Set(), 2025);
    expect(changes).toEqual([{ id: ada.id, base: ada, fields: { dob: '2011-05-04', email: 'ada@example.com' } }]);
    expect(planParticipantsSave(changes)).toEqual([
      {
        method: 'PATCH',
        path: `/api/v2/participants/${ada.id}`,
        body: { dob: '2011-05-04', email: 'ada@example.com', version: 2 },
        rowId: ada.id,
        base: ada,
      },
    ]);
  });

  it('a removed row is archived 1', () => {
    const ada = participant();
    const [plan] = planParticipantsSave(diffParticipants([ada], {}, new Set([ada.id]), 2025));
    expect(plan?.body).toEqual({ archived: 1, version: 2 });
  });

  it('several changed rows: one PUT, with only the changed fields of rows the server has, whole rows otherwise', () => {
    const ada = participant();
    const grace = participant({ snowId: '1002', firstname: 'Grace', lastname: 'Hopper', version: undefined });
    const changes = diffParticipants(
      [ada, grace],
      { [grace.id]: { yearLevel: '9', snowId: '' } },
      new Set([ada.id]),
      2025,
    );
    const [plan, ...more] = planParticipantsSave(changes);
    expect(more).toEqual([]);
    expect(plan).toMatchObject({ method: 'PUT', path: '/api/v2/participants', rowId: null, base: [ada, grace] });
    expect((plan!.body as { participants: unknown[] }).participants).toEqual([
      { id: ada.id, archived: 1, version: 2 },
      { ...pick(grace), yearLevel: '9', snowId: null },
    ]);
  });

  it('nothing changed: nothing queued', () => {
    const ada = participant();
    expect(planParticipantsSave(diffParticipants([ada], { [ada.id]: { dob: '03/02/2011' } }, new Set(), 2025))).toEqual(
      [],
    );
  });

  it(`a save of more rows than one request carries goes as ordered PUTs of at most ${MAX_WRITE_BATCH_ROWS}`, () => {
    const rows = Array.from({ length: 2 * MAX_WRITE_BATCH_ROWS + 1 }, (_, i) =>
      participant({ snowId: String(5000 + i) }),
    );
    const edits = Object.fromEntries(rows.map((row) => [row.id, { email: `p${row.snowId}@example.com` }]));
    const plan = planParticipantsSave(diffParticipants(rows, edits, new Set(), 2025));
    expect(plan.map((p) => (p.body as { participants: unknown[] }).participants.length)).toEqual([
      MAX_WRITE_BATCH_ROWS,
      MAX_WRITE_BATCH_ROWS,
      1,
    ]);
    expect(plan.flatMap((p) => (p.body as { participants: { id: string }[] }).participants.map((r) => r.id))).toEqual(
      rows.map((r) => r.id),
    );
  });

  it('a whole row sent in a PUT (one the server has not answered yet) needs a year level and a gender', () => {
    const imported = participant({ yearLevel: '', gender: '', version: undefined });
    const other = participant({ snowId: '3' });
    const edits = { [imported.id]: { email: 'x@example.com' }, [other.id]: { email: 'y@example.com' } };
    expect(saveProblems(diffParticipants([imported, other], edits, new Set(), 2025))).toEqual([
      'Ada Lovelace: choose a year level.',
      'Ada Lovelace: choose a gender.',
    ]);
    // A PATCH sends only the email, and so does a PUT for a row on record: the missing fields do not block it.
    expect(
      saveProblems(diffParticipants([imported], { [imported.id]: { email: 'x@example.com' } }, new Set(), 2025)),
    ).toEqual([]);
    const onRecord = { ...imported, version: 3 };
    expect(
      saveProblems(
        diffParticipants([onRecord, other], { ...edits, [onRecord.id]: { email: 'x@example.com' } }, new Set(), 2025),
      ),
    ).toEqual([]);
  });

  it('maps a failed batch item to each of its rows', () => {
    expect(failedRowIds({ rowId: 'a', body: {} })).toEqual(['a']);
    expect(failedRowIds({ rowId: null, body: { participants: [{ id: 'a' }, { id: 'b' }] } })).toEqual(['a', 'b']);
  });
});

function pick(row: LocalParticipantRow) {
  return {
    id: row.id,
    snowId: row.snowId,
    snowIdActive: row.snowIdActive,
    firstname: row.firstname,
    lastname: row.lastname,
    yearLevel: row.yearLevel,
    gender: row.gender,
    dob: row.dob,
    email: row.email,
    archived: row.archived,
    SchoolId: row.SchoolId,
  };
}

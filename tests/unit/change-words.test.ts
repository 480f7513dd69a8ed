// A queued change in words (rules/change-words): who or what, each changed field from and to, rows
// added and removed, never an id.
import { describe, expect, it } from 'vitest';
import { changeInWords, type ChangeRow, type QueuedChangeFacts } from '../../src/domain/rules/change-words';

const ID = '0192f0c4-0000-7000-8000-000000000001';

function facts(over: Partial<QueuedChangeFacts> & { beforeRows?: ChangeRow[] }): QueuedChangeFacts {
  const beforeRows = over.beforeRows ?? [];
  return {
    table: 'participants',
    op: 'update',
    rows: [],
    removed: 0,
    before: (id) => beforeRows.find((row) => row.id === id),
    ...over,
  };
}

describe('a queued change in words', () => {
  const jack = { id: ID, firstname: 'Jack', lastname: 'Brown', yearLevel: '8', version: 3, SchoolId: 's' };

  it('names the person and each field changed, from and to', () => {
    expect(changeInWords(facts({ rows: [{ id: ID, yearLevel: '9', version: 3 }], beforeRows: [jack] }))).toEqual([
      'Jack Brown: year level 8 to 9',
    ]);
  });

  it('says a blank value is blank, a season pass yes or no, and names an id field without its value', () => {
    const manager = { id: ID, firstname: 'Sam', lastname: 'Lee', mobile: '', seasonPass: '0', TeamManagerId: null };
    const lines = changeInWords(
      facts({
        table: 'teamManagers',
        rows: [{ ...manager, mobile: '0412 345 678', seasonPass: '1', TeamManagerId: ID }],
        beforeRows: [manager],
      }),
    );
    expect(lines).toEqual(['Sam Lee: mobile blank to 0412 345 678, season pass no to yes, team manager changed']);
    expect(lines.join()).not.toContain(ID);
  });

  it('counts the fields past three', () => {
    const row = { id: ID, firstname: 'Jo', lastname: 'Li', yearLevel: '7', gender: 'Male', email: '', dob: null };
    const lines = changeInWords(
      facts({
        rows: [{ ...row, yearLevel: '8', gender: 'Female', email: 'jo@x.test', dob: '2012-01-02' }],
        beforeRows: [row],
      }),
    );
    expect(lines).toEqual(['Jo Li: year level 7 to 8, gender Male to Female, email blank to jo@x.test, 1 more']);
  });

  it('says a new row is added, and names a team by its rank, division and gender', () => {
    expect(
      changeInWords(
        facts({
          table: 'teams',
          op: 'saveList',
          rows: [{ id: ID, teamRank: 'A', division: 2, gender: 'Female', DisciplineId: 2 }],
          removed: 2,
        }),
      ),
    ).toEqual(['Team A, Division 2, Female: added', '2 teams removed']);
  });

  it('says a removed row by name when the device kept it', () => {
    expect(changeInWords(facts({ op: 'delete', removedRow: jack }))).toEqual(['Jack Brown: removed']);
    expect(changeInWords(facts({ table: 'volunteers', op: 'delete' }))).toEqual(['1 volunteer removed']);
  });

  it('lists five rows and counts the rest', () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({ id: `p${i}`, firstname: `P${i}`, lastname: 'X' }));
    const lines = changeInWords(facts({ op: 'saveList', rows }));
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toBe('and 3 more');
  });

  it('says what changed when the write carries no rows to name', () => {
    expect(changeInWords(facts({ table: 'teams', op: 'command' }))).toEqual(['Teams changed']);
  });

  it('says a row saved again with nothing different so, and an archive or restore in a word', () => {
    expect(changeInWords(facts({ rows: [{ ...jack }], beforeRows: [jack] }))).toEqual([
      'Jack Brown: saved again, nothing changed',
    ]);
    expect(changeInWords(facts({ rows: [{ id: ID, archived: 0 }], beforeRows: [{ ...jack, archived: 1 }] }))).toEqual([
      'Jack Brown: restored',
    ]);
  });
});

// Properties of the merge helpers the offline engine leans on (src/sync/rows.ts), over random rows
// and edits (fast-check): the 409 merge never loses a field only this device changed and never
// overwrites a field only the server changed; a field both changed differently is named as a
// conflict; the overlay shows every queued change over the server's row, in order, and none that
// was set aside.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../src/db/database';
import type { BodyLayout, WriteIntent } from '../../src/db/write-intent';
import { mergeOnConflict, overlay, type Row } from '../../src/sync/rows';

const FIELDS = ['firstname', 'lastname', 'yearLevel', 'gender', 'email'] as const;
const value = fc.oneof(fc.constantFrom('A', 'B', 'C', ''), fc.constant(null));
const row = fc.record(
  Object.fromEntries(FIELDS.map((f) => [f, value])) as Record<(typeof FIELDS)[number], typeof value>,
);
/** Which fields each side changes, and to what. */
const edits = fc.record(
  Object.fromEntries(FIELDS.map((f) => [f, fc.option(value, { nil: undefined })])) as Record<
    (typeof FIELDS)[number],
    fc.Arbitrary<Row[string] | undefined>
  >,
);

const apply = (base: Row, changes: Row) => ({
  ...base,
  ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
});
const patchItem = (body: Row, base: Row): Pick<OutboxItem, 'body' | 'rowId' | 'method' | 'base'> => ({
  method: 'PATCH',
  rowId: 'r1',
  body,
  base,
});

describe('the 409 merge', () => {
  it('keeps what only this device changed, takes what only the server changed, and names the rest', () => {
    fc.assert(
      fc.property(row, edits, edits, (base, mine, theirs) => {
        const current: Row = { id: 'r1', version: 2, ...apply(base, theirs) };
        const sent: Row = {
          id: 'r1',
          version: 1,
          ...Object.fromEntries(Object.entries(mine).filter(([, v]) => v !== undefined)),
        };
        const result = mergeOnConflict(patchItem(sent, { id: 'r1', version: 1, ...base }), current);
        const changedHere = FIELDS.filter((f) => mine[f] !== undefined && mine[f] !== base[f]);
        const changedThere = FIELDS.filter((f) => current[f] !== base[f]);
        const both = changedHere.filter((f) => changedThere.includes(f) && mine[f] !== current[f]);
        if (both.length) {
          expect(result).toEqual({ kind: 'conflict', fields: both });
          return;
        }
        expect(result.kind).toBe('resend');
        const body = (result as { body: Row }).body;
        expect(body.version).toBe(2);
        for (const f of changedHere) expect(body[f]).toBe(mine[f]);
        // A field the device sent unchanged follows the server's value (never its own older copy).
        for (const f of FIELDS) if (f in sent && !changedHere.includes(f)) expect(body[f]).toBe(current[f]);
      }),
    );
  });
});

describe('the 409 merge through an intent', () => {
  /** The same row wrapped under a key, or as one element of a list among others. */
  const layouts = fc.constantFrom<{ layout: BodyLayout; wrap(row: Row): Row; unwrap(body: Row): Row }>(
    { layout: { kind: 'row' }, wrap: (r) => r, unwrap: (b) => b },
    {
      layout: { kind: 'wrapped', key: 'ticketing' },
      wrap: (r) => ({ ticketing: r }),
      unwrap: (b) => b.ticketing as Row,
    },
    {
      layout: { kind: 'lists', lists: ['rows'], idLists: ['removed'] },
      wrap: (r) => ({
        rows: [
          { id: 'r0', version: 7 },
          { ...r, id: 'r1' },
        ],
        removed: ['r9'],
      }),
      unwrap: (b) => (b.rows as Row[])[1]!,
    },
  );

  it('merges the row where its intent says it sits, exactly as a body that is the row, the rest of the body untouched', () => {
    fc.assert(
      fc.property(layouts, row, edits, edits, ({ layout, wrap, unwrap }, base, mine, theirs) => {
        const current: Row = { id: 'r1', version: 2, ...apply(base, theirs) };
        const sent: Row = {
          version: 1,
          ...Object.fromEntries(Object.entries(mine).filter(([, v]) => v !== undefined)),
        };
        const plain = mergeOnConflict(patchItem(sent, { id: 'r1', version: 1, ...base }), current);
        const intent: WriteIntent = { table: 'participants', op: 'update', rowIds: ['r1'], body: layout, answer: {} };
        const placed = mergeOnConflict(
          { ...patchItem(wrap(sent), { id: 'r1', version: 1, ...base }), intent },
          current,
        );
        if (plain.kind !== 'resend') {
          expect(placed).toEqual(plain);
          return;
        }
        expect(placed.kind).toBe('resend');
        const body = (placed as { body: Row }).body;
        const { id: _id, ...mergedRow } = unwrap(body);
        const { id: _plainId, ...plainRow } = plain.body as Row;
        expect(mergedRow).toEqual(plainRow);
        if (layout.kind === 'lists') {
          expect((body.rows as Row[])[0]).toEqual({ id: 'r0', version: 7 });
          expect(body.removed).toEqual(['r9']);
        }
        if (layout.kind === 'wrapped') expect(Object.keys(body)).toEqual(['ticketing']);
      }),
    );
  });
});

describe('the overlay', () => {
  const item = (body: Row, status: OutboxItem['status'], seq: number) =>
    ({ method: 'PATCH', rowId: 'r1', body, status, seq }) as OutboxItem;

  it("lays the queued changes over the server's row in order, leaves out the set-aside ones, and marks it pending", () => {
    fc.assert(
      fc.property(
        row,
        fc.array(fc.tuple(edits, fc.constantFrom('pending', 'blocked', 'failed')), { maxLength: 5 }),
        (server, queued) => {
          const items = queued.map(([changes, status], i) =>
            item(
              Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
              status as OutboxItem['status'],
              i + 1,
            ),
          );
          const shown = overlay({ id: 'r1', version: 3, ...server }, items);
          const live = items.filter((q) => q.status !== 'failed');
          const expected = live.reduce<Row>((acc, q) => ({ ...acc, ...(q.body as Row) }), {
            id: 'r1',
            version: 3,
            ...server,
          });
          for (const f of FIELDS) expect(shown[f]).toBe(expected[f]);
          expect(shown.version).toBe(3);
          expect(shown._pending === true).toBe(live.length > 0);
        },
      ),
    );
  });
});

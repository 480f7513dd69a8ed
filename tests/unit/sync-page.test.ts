// A page of the change feed as the device reads it (src/api/sync.ts parseChangesPage): the envelope
// checked once, each row by its entity's schema, so a row of another shape never reaches the mirror.
import { describe, expect, it } from 'vitest';
import { parseChangesPage } from '../../src/api/sync';

const page = (changes: unknown[]) => ({ scopeKey: 's', cursor: 7, hasMore: false, resetRequired: false, changes });
const state = { id: 3, name: 'NSW', abrvName: 'NSW' };

describe('a page of the change feed', () => {
  it('keeps its rows as their schemas read them, and a removed row without one', () => {
    const parsed = parseChangesPage(
      page([
        { entity: 'states', key: '3', deleted: false, row: state },
        { entity: 'participants', key: 'gone', deleted: true },
      ]),
    );
    expect(parsed.cursor).toBe(7);
    expect(parsed.changes[0]!.row).toMatchObject(state);
    expect(parsed.changes[1]).toMatchObject({ entity: 'participants', deleted: true });
    expect(parsed.changes[1]!.row).toBeUndefined();
  });

  it('refuses a row of another shape, naming its entity, and an envelope without its cursor', () => {
    expect(() =>
      parseChangesPage(page([{ entity: 'states', key: '3', deleted: false, row: { id: 'three' } }])),
    ).toThrow(/states row of another shape/);
    expect(() => parseChangesPage(page([{ entity: 'states', key: '3', deleted: false, row: null }]))).toThrow(
      /states row of another shape/,
    );
    expect(() => parseChangesPage({ ...page([]), cursor: undefined })).toThrow(/unexpected body/);
    expect(() => parseChangesPage(page([{ entity: 'nonsense', key: '1', deleted: false, row: {} }]))).toThrow(
      /unexpected body/,
    );
  });
});

// The intent helpers (src/db/write-intent.ts): a row's part of a queued body read and replaced for
// each body layout, the rows and ids a list body names, the default intent of an item queued
// without one, and a row renamed in a later call (its intent, path and body) with no text search.
import { describe, expect, it } from 'vitest';
import {
  defaultIntent,
  fillPath,
  idsNamedInBody,
  rowIdsOfListBody,
  rowInBody,
  rowsInBody,
  renameRow,
  type BodyLayout,
  type WriteIntent,
} from '../../src/db/write-intent';
import { legacyIntent } from '../../src/db/legacy-intent';
import { mergeOnConflict, overlay } from '../../src/sync/rows';
import type { OutboxItem } from '../../src/db/database';

const lists: BodyLayout = { kind: 'lists', lists: ['teams'], idLists: ['teamsDeleted'] };

describe("a row's part of a body", () => {
  it('is the body itself for a one-row call', () => {
    const located = rowInBody({ kind: 'row' }, { firstname: 'Ada', version: 2 }, 'p1');
    expect(located?.row).toEqual({ firstname: 'Ada', version: 2 });
    expect(located?.replace({ firstname: 'Bea', version: 3 })).toEqual({ firstname: 'Bea', version: 3 });
  });

  it('is the object under its key for a wrapped call, the rest of the body kept', () => {
    const body = { ticketing: { managerTicket1: 1, version: 4 }, note: 'kept' };
    const located = rowInBody({ kind: 'wrapped', key: 'ticketing' }, body, 'S:E');
    expect(located?.row).toEqual({ managerTicket1: 1, version: 4 });
    expect(located?.replace({ managerTicket1: 2, version: 5 })).toEqual({
      ticketing: { managerTicket1: 2, version: 5 },
      note: 'kept',
    });
    expect(rowInBody({ kind: 'wrapped', key: 'ticketing' }, { other: {} }, 'S:E')).toBeNull();
  });

  it('is the element with its id in one of the named lists, never one of another list', () => {
    const body = {
      multi: true,
      teams: [
        { id: 'a', version: 1 },
        { id: 'b', version: 2 },
      ],
      teamsDeleted: ['c'],
      other: [{ id: 'b' }],
    };
    const located = rowInBody(lists, body, 'b');
    expect(located?.row).toEqual({ id: 'b', version: 2 });
    expect(located?.replace({ id: 'b', version: 9 })).toEqual({
      ...body,
      teams: [
        { id: 'a', version: 1 },
        { id: 'b', version: 9 },
      ],
    });
    expect(rowInBody(lists, body, 'c')).toBeNull();
    expect(rowInBody({ kind: 'lists', lists: ['teams'], idLists: [] }, { other: [{ id: 'x' }] }, 'x')).toBeNull();
  });

  it('is nothing for a call that carries no row', () => {
    expect(rowInBody({ kind: 'none' }, { id: 'p1' }, 'p1')).toBeNull();
    expect(rowInBody({ kind: 'row' }, null, 'p1')).toBeNull();
  });

  it('names the rows of a list body: its elements, then the ids it removes', () => {
    const body = { teams: [{ id: 'a' }, { id: 'b' }], teamsDeleted: ['c'] };
    expect(rowsInBody(lists, body).map((r) => r.id)).toEqual(['a', 'b']);
    expect(idsNamedInBody(lists, body)).toEqual(['c']);
    expect(rowIdsOfListBody(lists, body)).toEqual(['a', 'b', 'c']);
  });
});

describe('an item queued without an intent', () => {
  it('changes its one row, which is the body; a DELETE or a call with no row carries none', () => {
    expect(defaultIntent({ entity: 'participants', rowId: 'p1', method: 'PATCH' })).toEqual({
      table: 'participants',
      op: 'update',
      rowIds: ['p1'],
      body: { kind: 'row' },
      answer: {},
    });
    expect(defaultIntent({ entity: 'participants', rowId: 'p1', method: 'POST' }).op).toBe('create');
    expect(defaultIntent({ entity: 'teamEntries', rowId: 'e1', method: 'DELETE' })).toMatchObject({
      op: 'delete',
      body: { kind: 'none' },
    });
    expect(defaultIntent({ entity: 'teams', rowId: null, method: 'PUT' })).toMatchObject({
      rowIds: [],
      body: { kind: 'none' },
    });
  });
});

describe('a renamed row', () => {
  const patch: WriteIntent = {
    table: 'participants',
    op: 'update',
    rowIds: ['old'],
    pathTemplate: '/api/v2/participants/{id}',
    body: { kind: 'row' },
    answer: {},
  };

  it('moves a later one-row call to the new id: its intent and its path; a body without the id stays', () => {
    const renamed = renameRow(
      { path: '/api/v2/participants/old', body: { firstname: 'Ada', note: 'old' }, intent: patch },
      'old',
      'new',
    );
    expect(renamed.path).toBe('/api/v2/participants/new');
    expect(renamed.intent.rowIds).toEqual(['new']);
    // A field that happens to hold the same text is not an id: untouched.
    expect(renamed.body).toEqual({ firstname: 'Ada', note: 'old' });
  });

  it("renames the row's id in its part of the body and in the lists of ids", () => {
    const intent: WriteIntent = { table: 'teams', op: 'saveList', rowIds: ['old', 'b'], body: lists, answer: {} };
    const body = { teams: [{ id: 'old', division: 1 }, { id: 'b' }], teamsDeleted: ['old'] };
    const renamed = renameRow({ path: '/api/teams', body, intent }, 'old', 'new');
    expect(renamed.body).toEqual({ teams: [{ id: 'new', division: 1 }, { id: 'b' }], teamsDeleted: ['new'] });
    expect(renamed.intent.rowIds).toEqual(['new', 'b']);
    expect(renamed.path).toBe('/api/teams');
  });

  it('fills a path template only where it names the row', () => {
    expect(fillPath('/api/v2/team-entries/{id}', 'e1')).toBe('/api/v2/team-entries/e1');
    expect(fillPath('/api/teams', null)).toBe('/api/teams');
  });
});

describe('the intent of an item queued before version 4', () => {
  it('is read from the old body shapes once, with the answers that wrapped or nested rows', () => {
    expect(
      legacyIntent({
        entity: 'raceMarks',
        rowId: 'm1',
        method: 'PUT',
        path: '/api/raceMarks',
        body: { marks: [{ id: 'm1', mark: 'DNS' }] },
      }),
    ).toEqual({
      table: 'raceMarks',
      op: 'update',
      rowIds: ['m1'],
      body: { kind: 'lists', lists: ['marks'], idLists: [] },
      answer: {},
    });
    expect(
      legacyIntent({
        entity: 'schools',
        rowId: 's1',
        method: 'PUT',
        path: '/api/school',
        body: { school: { town: 'X' } },
      }),
    ).toMatchObject({ body: { kind: 'wrapped', key: 'school' }, answer: { key: 'school' } });
    expect(
      legacyIntent({
        entity: 'teams',
        rowId: null,
        method: 'PUT',
        path: '/api/teams',
        body: { multi: true, teams: [{ id: 'a' }], teamsDeleted: ['b'] },
      }),
    ).toMatchObject({
      op: 'saveList',
      rowIds: ['a', 'b'],
      body: { kind: 'lists', lists: ['teams'], idLists: ['teamsDeleted'] },
      answer: { nested: { table: 'teamEntries' } },
    });
    expect(
      legacyIntent({
        entity: 'teamEntries',
        rowId: 'e1',
        method: 'DELETE',
        path: '/api/v2/team-entries/e1',
        body: null,
      }),
    ).toMatchObject({ op: 'delete', body: { kind: 'none' }, pathTemplate: '/api/v2/team-entries/{id}' });
  });
});

describe('the merge and the overlay read the row through the intent', () => {
  it('merges a wrapped row and a list element in place, the rest of the body kept', () => {
    const wrapped = {
      method: 'POST',
      rowId: 'S:E',
      body: { ticketing: { managerTicket1: 2, version: 1 } },
      base: { managerTicket1: 0, managerTicket2: 0, version: 1 },
      intent: {
        table: 'ticketing',
        op: 'update',
        rowIds: ['S:E'],
        body: { kind: 'wrapped', key: 'ticketing' },
        answer: {},
      },
    } as Pick<OutboxItem, 'method' | 'rowId' | 'body' | 'base' | 'intent'>;
    expect(mergeOnConflict(wrapped, { managerTicket1: 0, managerTicket2: 3, version: 2 })).toEqual({
      kind: 'resend',
      body: { ticketing: { managerTicket1: 2, version: 2 } },
    });
    const mark = {
      method: 'PUT',
      rowId: 'm1',
      status: 'pending',
      seq: 1,
      body: { marks: [{ id: 'm1', mark: 'DNS' }] },
      intent: {
        table: 'raceMarks',
        op: 'update',
        rowIds: ['m1'],
        body: { kind: 'lists', lists: ['marks'], idLists: [] },
        answer: {},
      },
    } as unknown as OutboxItem;
    expect(overlay({ id: 'm1', mark: null, version: 3 }, [mark])).toEqual({
      id: 'm1',
      mark: 'DNS',
      version: 3,
      _pending: true,
    });
  });
});

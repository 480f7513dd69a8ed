// The end of the run: what became of every edit, read from the devices' outboxes (an item gone:
// the server took it; set aside: refused), compared with what the server holds, read through its
// API. Lost: an accepted edit whose value the server does not hold, or a row with fewer writes
// than were accepted (its version is one more per write). Doubled: a row with more writes than
// were accepted, or a new row the server holds twice. Invisible: a refused edit its device does
// not show (no message, or no row to show it on).
import type { InterschoolsDb, OutboxItem } from '../../src/db/database';
import { batchRefusals } from '../../src/sync/refusals';
import type { Entity, LedgerEdit } from './ledger';
import type { SchoolPlan } from './plan';
import type { SchoolView, ServerRow } from './server-view';

type Outcome = 'accepted' | 'refused' | 'waiting';

export type DeviceEnd = { index: number; name: string; schoolKey: string; db: InterschoolsDb; outbox: OutboxItem[] };

export type Verdict = {
  accepted: number;
  refused: number;
  lost: number;
  doubled: number;
  invisible: number;
  problems: string[];
};

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');
const BATCH_LISTS: Record<Entity, string> = {
  participants: 'participants',
  teamManagers: 'teamManagers',
  ticketing: 'ticketing',
};

function outcomeOf(edit: LedgerEdit, outbox: Map<number, OutboxItem>): { outcome: Outcome; items: OutboxItem[] } {
  const items = edit.localIds.map((id) => outbox.get(id)).filter((item): item is OutboxItem => !!item);
  if (items.some((item) => item.status === 'failed')) return { outcome: 'refused', items };
  return { outcome: items.length ? 'waiting' : 'accepted', items };
}

/** Does the device show this refused edit: a message on the set-aside item (the list of changes
 *  needing attention), its rows still there, and for a save of several rows the message on the
 *  rows the server named (or on all of them when it named none)? */
async function shown(edit: LedgerEdit, items: OutboxItem[], device: DeviceEnd): Promise<string | null> {
  const item = items.find((i) => i.status === 'failed')!;
  if (!item.error?.trim()) return 'set aside with no message';
  for (const { id } of edit.rows) {
    if (edit.entity !== 'ticketing' && !(await device.db.table(edit.entity).get(id)))
      return `row ${id} is not on the device`;
  }
  if (item.rowId === null && batchRefusals(item, BATCH_LISTS[edit.entity]).rows.size === 0)
    return 'no row of the save shows the message';
  return null;
}

type RowState = {
  entity: Entity;
  id: string;
  school: SchoolPlan;
  writes: number;
  values: Map<string, { value: unknown; n: number }>;
  createdBy?: LedgerEdit;
};

const rowsOf = (view: SchoolView, entity: Entity): ServerRow[] =>
  entity === 'ticketing' ? [view.ticketing] : view[entity];

export async function checkRun(
  edits: readonly LedgerEdit[],
  devices: readonly DeviceEnd[],
  schools: readonly SchoolPlan[],
  finalViews: Map<string, SchoolView>,
): Promise<Verdict> {
  const verdict: Verdict = { accepted: 0, refused: 0, lost: 0, doubled: 0, invisible: 0, problems: [] };
  const problem = (line: string) => verdict.problems.push(line);
  const outboxes = new Map(devices.map((d) => [d.index, new Map(d.outbox.map((item) => [item.localId!, item]))]));
  const outcomes = new Map<number, Outcome>();

  // What became of each edit, and whether a refused one shows on its device.
  for (const edit of edits) {
    const device = devices.find((d) => d.index === edit.device)!;
    const { outcome, items } = outcomeOf(edit, outboxes.get(edit.device)!);
    outcomes.set(edit.n, outcome);
    if (outcome === 'accepted') verdict.accepted += 1;
    if (outcome === 'waiting')
      problem(
        `edit ${edit.n} (${edit.entity}) on ${device.name} still waits: ${items.map((i) => i.status).join(', ')}`,
      );
    if (outcome !== 'refused') continue;
    verdict.refused += 1;
    const hidden = await shown(edit, items, device);
    if (hidden) {
      verdict.invisible += 1;
      problem(`edit ${edit.n} (${edit.entity}) refused on ${device.name} but not shown: ${hidden}`);
    }
    // A device conflicting with itself: no other device edits these rows.
    if (edit.expect === 'accepted')
      problem(
        `edit ${edit.n} (${edit.entity}) on ${device.name} refused though no other device touched its rows: ${items[0]!.error}`,
      );
  }
  for (const edit of edits) {
    const outcome = outcomes.get(edit.n);
    if (edit.expect === 'refused' && outcome === 'accepted')
      problem(`edit ${edit.n} (${edit.entity}) was accepted; the server should have refused it`);
    if (edit.expect === 'contest' && edit.twin !== undefined && edit.n < edit.twin) {
      const twin = outcomes.get(edit.twin);
      if (outcome === twin)
        problem(
          `edits ${edit.n} and ${edit.twin} changed the same field from the same version and were both ${outcome}`,
        );
    }
  }
  const known = new Set(edits.flatMap((e) => e.localIds.map((id) => `${e.device}:${id}`)));
  for (const device of devices) {
    for (const item of device.outbox) {
      if (!known.has(`${device.index}:${item.localId}`))
        problem(`${device.name} holds an outbox item no edit queued: ${item.method} ${item.path} (${item.status})`);
    }
  }

  // What the server must hold: per row, the accepted edits' values in order, one write each.
  const states = new Map<string, RowState>();
  const schoolOfDevice = (index: number) => schools.find((s) => s.devices.includes(index))!;
  for (const edit of [...edits].sort((a, b) => a.n - b.n)) {
    const accepted = outcomes.get(edit.n) === 'accepted';
    for (const { id, values } of edit.rows) {
      const key = `${edit.entity}|${id}`;
      const state: RowState = states.get(key) ?? {
        entity: edit.entity,
        id,
        school: schoolOfDevice(edit.device),
        writes: 0,
        values: new Map(),
      };
      states.set(key, state);
      if (edit.creates) state.createdBy = edit;
      if (!accepted) continue;
      state.writes += 1;
      for (const [field, value] of Object.entries(values)) state.values.set(field, { value, n: edit.n });
    }
  }
  for (const state of states.values()) {
    const view = finalViews.get(state.school.key)!;
    const onServer = rowsOf(view, state.entity).find((row) => row.id === state.id);
    const where = `${state.entity} ${state.id} of ${state.school.key}`;
    const createdAccepted = state.createdBy && outcomes.get(state.createdBy.n) === 'accepted';
    if (state.createdBy && !createdAccepted) {
      if (onServer) problem(`${where}: its refused creation (edit ${state.createdBy.n}) is on the server`);
      continue;
    }
    if (!onServer) {
      verdict.lost += Math.max(1, state.writes);
      problem(`${where}: accepted (${state.writes} write(s)) but not on the server`);
      continue;
    }
    let mismatches = 0;
    for (const [field, { value, n }] of state.values) {
      if (same(onServer[field], value)) continue;
      mismatches += 1;
      problem(
        `${where}: ${field} is ${JSON.stringify(onServer[field])} on the server, edit ${n} set ${JSON.stringify(value)}`,
      );
    }
    const initial = rowsOf(state.school.initial, state.entity).find((row) => row.id === state.id);
    const expected = (state.createdBy ? 0 : (initial?.version ?? 0)) + state.writes;
    const actual = onServer.version ?? 0;
    if (actual > expected) {
      verdict.doubled += actual - expected;
      problem(
        `${where}: version ${actual} on the server, ${expected} expected: ${actual - expected} write(s) applied more than once`,
      );
    }
    if (actual < expected)
      problem(
        `${where}: version ${actual} on the server, ${expected} expected: ${expected - actual} accepted write(s) missing`,
      );
    verdict.lost += Math.max(mismatches, expected - actual);
  }

  // New rows held twice: each new row's given name is unique to it and never edited afterwards.
  for (const school of schools) {
    const view = finalViews.get(school.key)!;
    for (const entity of ['participants', 'teamManagers'] as const) {
      const created = edits.filter(
        (e) =>
          e.entity === entity && e.creates && outcomes.get(e.n) === 'accepted' && school.devices.includes(e.device),
      );
      let twice = 0;
      for (const edit of created) {
        const tag = edit.rows[0]!.values.firstname;
        const held = view[entity].filter((row) => row.firstname === tag).length;
        if (held > 1) {
          twice += held - 1;
          problem(`${entity} '${String(tag)}' of ${school.key} (edit ${edit.n}) is on the server ${held} times`);
        }
      }
      // Rows beyond those (a new row held twice under another name) count as doubled too.
      const expectedCount = school.initial[entity].length + created.length;
      verdict.doubled += Math.max(twice, view[entity].length - expectedCount);
      if (view[entity].length !== expectedCount)
        problem(`${school.key} has ${view[entity].length} ${entity} on the server, ${expectedCount} expected`);
    }
  }
  return verdict;
}

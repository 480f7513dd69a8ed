// The edits devices make, queued exactly as the screens queue them: the participants screen's
// save (one row: PATCH; several: PUT) and its add dialog, the team managers grid's save (a PUT of
// its changed and new rows), and the ticketing form's save. Names, emails and mobiles carry the
// edit's number, so the server's final value names the edit it came from.
import { v7 as uuidv7 } from 'uuid';
import type { InterschoolsDb, TeamManagerRow } from '../../src/db/database';
import type { Gender, YearLevel } from '../../src/domain/constants/choices';
import { TICKET_FIELDS } from '../../src/domain/constants/policy';
import { showsSeasonPass } from '../../src/domain/rules/team-managers';
import { diffParticipants, type ParticipantEdits } from '../../src/features/participants/participant-rows';
import { addParticipant, saveParticipantChanges } from '../../src/features/participants/participant-writes';
import {
  newTeamManager,
  planTeamManagersSave,
  type TeamManagerDraft,
} from '../../src/features/team-managers/team-manager-rows';
import { saveTeamManagers } from '../../src/features/team-managers/team-manager-writes';
import { checkTickets, ticketingSave, toValues } from '../../src/features/ticketing/ticketing-form';
import { saveTicketing } from '../../src/features/ticketing/ticketing-writes';
import type { Device } from './device';
import type { Ledger, LedgerEdit } from './ledger';
import { rowsOfItem } from './outbox-rows';
import type { DevicePlan } from './plan';
import type { Random } from './random';

export type EditContext = {
  ledger: Ledger;
  random: Random;
  /** A row's surname before the run (or when added): edited surnames are built on it, not grown. */
  baseNames: Map<string, string>;
};

type Draft = Omit<LedgerEdit, 'device' | 'localIds'>;

/** Runs one screen's save on `device` and notes the outbox items it queued. */
async function queued(
  ctx: EditContext,
  device: Device,
  draft: Draft,
  save: (db: InterschoolsDb) => Promise<unknown>,
): Promise<LedgerEdit> {
  device.takeQueued();
  await save(device.page().db);
  const localIds = device.takeQueued();
  if (!localIds.length) throw new Error(`edit ${draft.n} on ${device.name} queued nothing`);
  const edit: LedgerEdit = { ...draft, device: device.index, localIds };
  ctx.ledger.edits.push(edit);
  return edit;
}

const surname = (ctx: EditContext, id: string, n: number) => `${ctx.baseNames.get(id) ?? 'Row'}-${n}`;
const mobile = (n: number) => `04${String(n % 100_000_000).padStart(8, '0')}`;
const schoolOf = (device: Device) => ({ SchoolId: device.user.SchoolId!, EventId: device.user.EventId! });

/** Rows of `ids` the device holds and has nothing of set aside. A set-aside save holds the row's
 *  later saves back, and the next save of the row would take it over, until the user deals with
 *  it, which this run's users never do: its edit stays refused and shown. */
async function editable(db: InterschoolsDb, table: 'participants' | 'teamManagers', ids: readonly string[]) {
  const rows = (await db.table(table).bulkGet([...ids])) as ({ id: string } | undefined)[];
  const refused = new Set((await db.outbox.where('status').equals('failed').toArray()).flatMap(rowsOfItem));
  return rows.filter((row): row is { id: string } => !!row && !refused.has(row.id)).map((row) => row.id);
}

/** The participants screen: changes to the surname and/or email of `count` of the device's rows. */
export async function editParticipants(
  ctx: EditContext,
  device: Device,
  plan: DevicePlan,
  count: number,
): Promise<LedgerEdit | null> {
  const db = device.page().db;
  const ids = ctx.random.some(await editable(db, 'participants', plan.participants), count);
  if (!ids.length) return null;
  const n = ctx.ledger.next();
  const typed: ParticipantEdits = {};
  const rows = ids.map((id, i) => {
    const values: Record<string, string> = {};
    const fields = ctx.random.pick([['lastname'], ['email'], ['lastname', 'email']]);
    if (fields.includes('lastname')) values.lastname = surname(ctx, id, n);
    if (fields.includes('email')) values.email = `p${n}x${i}@chaos.test`;
    typed[id] = values;
    return { id, values };
  });
  const local = (await db.participants.bulkGet(ids)).filter((row) => !!row);
  const changes = diffParticipants(local, typed, new Set(), new Date().getFullYear());
  return queued(ctx, device, { n, entity: 'participants', expect: 'accepted', creates: false, rows }, (target) =>
    saveParticipantChanges(target, changes, device.user),
  );
}

/** The add dialog with a snow id typed by hand: an active athlete the server accepts, or
 *  (`refused`) an inactive one, which the server refuses (422) when the write arrives. */
export async function addParticipantRow(
  ctx: EditContext,
  device: Device,
  plan: DevicePlan,
  refused: boolean,
): Promise<LedgerEdit | null> {
  const athlete = (refused ? plan.inactiveAthletes : plan.athletes).shift();
  if (!athlete) return null;
  const n = ctx.ledger.next();
  const id = uuidv7();
  const values = {
    snowId: athlete.snowId,
    firstname: `Chaos${device.index}n${n}`,
    lastname: athlete.lastname,
    gender: athlete.gender as Gender,
    dob: athlete.dob,
    yearLevel: ctx.random.pick(['7', '8', '9', '10', '11']) as YearLevel,
  };
  const edit = await queued(
    ctx,
    device,
    { n, entity: 'participants', expect: refused ? 'refused' : 'accepted', creates: true, rows: [{ id, values }] },
    async (db) => {
      const added = await addParticipant(db, { ...values, lookupPending: true }, device.user, () => id);
      if (added.mode !== 'created') throw new Error(`snow id ${athlete.snowId} was already on ${device.name}`);
    },
  );
  ctx.baseNames.set(id, athlete.lastname);
  if (!refused) plan.participants.push(id);
  return edit;
}

async function managersMirror(db: InterschoolsDb, device: Device): Promise<TeamManagerRow[]> {
  const { SchoolId, EventId } = schoolOf(device);
  return db.teamManagers
    .where('SchoolId')
    .equals(SchoolId)
    .filter((row) => row.EventId === EventId)
    .toArray();
}

/** The team managers grid: surname, mobile and/or season pass of one or two of the device's rows. */
export async function editManagers(ctx: EditContext, device: Device, plan: DevicePlan): Promise<LedgerEdit | null> {
  const db = device.page().db;
  const ids = ctx.random.some(await editable(db, 'teamManagers', plan.managers), ctx.random.between(1, 2));
  if (!ids.length) return null;
  const n = ctx.ledger.next();
  const mirror = await managersMirror(db, device);
  const draft: TeamManagerDraft = { edits: {}, added: [], removed: new Set() };
  const rows = ids.map((id) => {
    const row = mirror.find((m) => m.id === id)!;
    const values: Record<string, string> = {};
    // The grid shows the season pass only at VIC events (the server refuses a new one elsewhere).
    const passes = showsSeasonPass(device.user.invoiceType);
    for (const field of ctx.random.pick([
      ['lastname'],
      ['mobile'],
      [passes ? 'seasonPass' : 'mobile', 'lastname'],
      ['mobile', passes ? 'seasonPass' : 'lastname'],
    ])) {
      if (field === 'lastname') values.lastname = surname(ctx, id, n);
      if (field === 'mobile') values.mobile = mobile(n);
      if (field === 'seasonPass') values.seasonPass = row.seasonPass === '1' ? '0' : '1';
    }
    draft.edits[id] = values;
    return { id, values };
  });
  const save = planTeamManagersSave(mirror, draft)!;
  return queued(ctx, device, { n, entity: 'teamManagers', expect: 'accepted', creates: false, rows }, (target) =>
    saveTeamManagers(target, save, device.user),
  );
}

/** A new row of the team managers grid. */
export async function addManager(ctx: EditContext, device: Device, plan: DevicePlan): Promise<LedgerEdit> {
  const db = device.page().db;
  const n = ctx.ledger.next();
  const { SchoolId, EventId } = schoolOf(device);
  const id = uuidv7();
  const values = {
    firstname: `Chaos${device.index}m${n}`,
    lastname: 'Manager',
    mobile: mobile(n),
    seasonPass: '0' as const,
  };
  const save = planTeamManagersSave(await managersMirror(db, device), {
    edits: {},
    added: [{ ...newTeamManager(id, SchoolId, EventId), ...values }],
    removed: new Set(),
  })!;
  const edit = await queued(
    ctx,
    device,
    { n, entity: 'teamManagers', expect: 'accepted', creates: true, rows: [{ id, values }] },
    (target) => saveTeamManagers(target, save, device.user),
  );
  ctx.baseNames.set(id, 'Manager');
  plan.managers.push(id);
  return edit;
}

/** The ticketing form: new ticket counts, within the passes the school has. */
export async function editTicketing(ctx: EditContext, device: Device): Promise<LedgerEdit> {
  const db = device.page().db;
  const { SchoolId, EventId } = schoolOf(device);
  const saved = (await db.ticketing.get([SchoolId, EventId])) ?? null;
  const values = toValues(saved);
  do {
    for (const field of TICKET_FIELDS) values[field] = String(ctx.random.between(0, 2));
  } while (checkTickets(values).tooMany && Number(values.noAvailableTeamManagerPasses) > 0 && ctx.random.chance(0.9));
  if (checkTickets(values).tooMany) for (const field of TICKET_FIELDS) values[field] = '0';
  const n = ctx.ledger.next();
  const save = ticketingSave(values, saved, { SchoolId, EventId }, false);
  const tickets = Object.fromEntries(TICKET_FIELDS.map((field) => [field, Number(values[field])]));
  return queued(
    ctx,
    device,
    {
      n,
      entity: 'ticketing',
      expect: 'accepted',
      creates: false,
      rows: [{ id: `${SchoolId}:${EventId}`, values: tickets }],
    },
    (target) => saveTicketing(target, save, saved, device.user),
  );
}

/**
 * Two devices of one school change the given name of the same row, both from the version they
 * hold, before either is sent: the server takes the first to arrive and answers the other 409,
 * which that device sets aside with a message naming the field. Uses a row no one else edits.
 */
export async function contest(
  ctx: EditContext,
  a: Device,
  b: Device,
  pool: string[],
  table: 'participants' | 'teamManagers',
): Promise<LedgerEdit[] | null> {
  const id = pool.shift();
  if (!id) return null;
  const [ra, rb] = [await a.page().db.table(table).get(id), await b.page().db.table(table).get(id)] as (
    { version?: number } | undefined
  )[];
  const pendingOn = async (d: Device) =>
    (await d.page().db.outbox.toArray()).some((item) => item.entity === table && rowsOfItem(item).includes(id));
  if (!ra || !rb || ra.version !== rb.version || (await pendingOn(a)) || (await pendingOn(b))) return null;
  const edits: LedgerEdit[] = [];
  for (const device of [a, b]) {
    const db = device.page().db;
    const n = ctx.ledger.next();
    const firstname = `Both${device.index}c${n}`;
    const draft: Draft = { n, entity: table, expect: 'contest', creates: false, rows: [{ id, values: { firstname } }] };
    if (table === 'participants') {
      const local = (await db.participants.get(id))!;
      const changes = diffParticipants([local], { [id]: { firstname } }, new Set(), new Date().getFullYear());
      edits.push(await queued(ctx, device, draft, (target) => saveParticipantChanges(target, changes, device.user)));
    } else {
      const save = planTeamManagersSave(await managersMirror(db, device), {
        edits: { [id]: { firstname } },
        added: [],
        removed: new Set(),
      })!;
      edits.push(await queued(ctx, device, draft, (target) => saveTeamManagers(target, save, device.user)));
    }
  }
  edits[0]!.twin = edits[1]!.n;
  edits[1]!.twin = edits[0]!.n;
  return edits;
}

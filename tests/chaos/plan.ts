// Who does what in the chaos run: which demo schools the devices sign in as (two devices share
// the first school, so they can change the same row), which rows each device may edit (its own
// share of its school's rows, so the server's final value of a field is known: the last accepted
// edit of the one device that edits it), the rows kept for deliberate conflicts between two
// devices, and the registry's snow ids each device may add participants with.
import { DEMO_PASSWORDS, DEMO_SCHOOLS } from '../../server/db/seed/demo-fixtures';
import { readAthletesCsv } from '../../server/integrations/registry/load';
import type { Athlete } from '../../server/integrations/registry';
import type { Random } from './random';
import { archivedSnowIds, readSchool, type SchoolView } from './server-view';

/** Schools in the order devices are given to them: the first is given a second device early. */
const DEVICE_SCHOOLS = [
  'snowy',
  'snowy',
  'alpineshire',
  'harbourview',
  'yarrabend',
  'alpineshire',
  'tablelands',
  'snowy',
];

export type SchoolPlan = {
  key: string;
  username: string;
  password: string;
  /** The server's rows before the run. */
  initial: SchoolView;
  /** Snow ids of its archived participants: adding one brings that participant back instead. */
  archived: string[];
  devices: number[];
  /** Rows no device edits on its own: each is used once, by two devices at the same time. */
  contestParticipants: string[];
  contestManagers: string[];
};

export type DevicePlan = {
  index: number;
  name: string;
  school: SchoolPlan;
  /** Rows only this device edits (its share of the school's rows, and those it adds). */
  participants: string[];
  managers: string[];
  ownsTicketing: boolean;
  /** Active registry athletes the school does not have: new participants the server accepts. */
  athletes: Athlete[];
  /** Inactive ones: new participants the server refuses (422), as a hand-typed snow id may be. */
  inactiveAthletes: Athlete[];
};

export type RunPlan = { schools: SchoolPlan[]; devices: DevicePlan[] };

/** Every `of`th item from `start`: a device's share of a list. */
const share = <T>(items: readonly T[], start: number, of: number) => items.filter((_, i) => i % of === start);

export async function planRun(url: string, devices: number, random: Random): Promise<RunPlan> {
  if (devices < 2 || devices > DEVICE_SCHOOLS.length) throw new Error(`devices must be 2 to ${DEVICE_SCHOOLS.length}`);
  const keys = DEVICE_SCHOOLS.slice(0, devices);
  const athletes = await readAthletesCsv();
  const schools: SchoolPlan[] = [];
  for (const key of new Set(keys)) {
    const demo = DEMO_SCHOOLS.find((s) => s.key === key)!;
    const initial = await readSchool(url, demo.coordinator.email, DEMO_PASSWORDS.school);
    const archived = await archivedSnowIds(url, demo.coordinator.email, DEMO_PASSWORDS.school);
    const shared = keys.filter((k) => k === key).length > 1;
    // Rows kept for conflicts only where two devices share the school: a third of its participants
    // and half of its team managers.
    const ids = (rows: { id: string }[]) =>
      random.some(
        rows.map((r) => r.id),
        rows.length,
      );
    const participants = ids(initial.participants);
    const managers = ids(initial.teamManagers);
    schools.push({
      key,
      username: demo.coordinator.email,
      password: DEMO_PASSWORDS.school,
      initial,
      archived,
      devices: [],
      contestParticipants: shared ? participants.slice(0, Math.floor(participants.length / 3)) : [],
      contestManagers: shared ? managers.slice(0, Math.floor(managers.length / 2)) : [],
    });
  }
  const plans: DevicePlan[] = keys.map((key, index) => {
    const school = schools.find((s) => s.key === key)!;
    school.devices.push(index);
    return {
      index,
      name: `${key}#${school.devices.length}`,
      school,
      participants: [],
      managers: [],
      ownsTicketing: school.devices.length === 1,
      athletes: [],
      inactiveAthletes: [],
    };
  });
  for (const school of schools) {
    const contested = new Set([...school.contestParticipants, ...school.contestManagers]);
    const held = new Set([...school.initial.participants.map((p) => String(p.snowId)), ...school.archived]);
    const free = athletes.filter((a) => !held.has(a.snowId));
    const own = (rows: { id: string }[]) => rows.map((r) => r.id).filter((id) => !contested.has(id));
    for (const [i, index] of school.devices.entries()) {
      const plan = plans[index]!;
      const of = school.devices.length;
      plan.participants = share(own(school.initial.participants), i, of);
      plan.managers = share(own(school.initial.teamManagers), i, of);
      plan.athletes = share(
        free.filter((a) => a.active),
        i,
        of,
      );
      plan.inactiveAthletes = share(
        free.filter((a) => !a.active),
        i,
        of,
      );
    }
  }
  return { schools, devices: plans };
}

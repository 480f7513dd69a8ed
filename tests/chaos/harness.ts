// The chaos run: several devices (real sync engines, each on its own IndexedDB database and
// cookies) make random edits across participants, team managers and ticketing while their
// network flaps and loses answers, their pages reload, and the server is killed with kill -9
// mid-write and started again on the same data. Then every device comes back online with no chaos
// and sends what it still holds, and the run compares what the devices' outboxes say became of each
// edit with what the server holds (check.ts). It returns figures; callers decide what passes.
import { writeFile } from 'node:fs/promises';
import { openDevice, type Device } from './device';
import type { TraceLine } from './network';
import {
  addManager,
  addParticipantRow,
  contest,
  editManagers,
  editParticipants,
  editTicketing,
  type EditContext,
} from './edits';
import { checkRun, type DeviceEnd } from './check';
import { newLedger, type LedgerEdit } from './ledger';
import { planRun, type DevicePlan, type SchoolPlan } from './plan';
import { pause, seededRandom, type Random } from './random';
import { readSchool, type SchoolView } from './server-view';
import type { ChaosTarget } from './target';

export type ChaosOptions = {
  edits: number;
  devices: number;
  seed?: number;
  log?: (line: string) => void;
  /** A file to write every write request and its answer to, when the run finds a problem. */
  traceFile?: string;
};
export type ChaosFigures = {
  target: string;
  edits: number;
  accepted: number;
  refused: number;
  lost: number;
  doubled: number;
  crashes: number;
  flaps: number;
  reloads: number;
  seconds: number;
  editsPerSecond: number;
  /** Refused edits their device does not show. */
  invisible: number;
  /** Answers the devices never heard though the server had answered (the exactly-once case). */
  lostAnswers: number;
  seed: number;
  /** Every discrepancy found, in words; empty when the run is clean. */
  problems: string[];
};

/** How hard the run shakes things: probabilities per edit, durations in milliseconds. */
const CHAOS = {
  lostAnswers: 0.05,
  reloadPerEdit: 0.02,
  online: [300, 2500],
  offline: [100, 1200],
  /** The run's edits are spread over at least this long, so the network, reloads and crashes
   *  meet devices with changes on their way, not an idle run; a long run goes at 25 ms an edit. */
  minimumMs: 30_000,
  msPerEdit: 25,
  /** One crash per this many edits, and at least two. */
  editsPerCrash: 1000,
  settleMs: 180_000,
} as const;

type Counters = {
  flaps: number;
  reloads: number;
  crashes: number;
  running: boolean;
  budget: number;
  done: number;
  meanPauseMs: number;
};

/** One edit of a device, chosen by weight among those it can make now. */
function chooseEdit(
  ctx: EditContext,
  device: Device,
  plan: DevicePlan,
  devices: Device[],
): { cost: number; run: () => Promise<LedgerEdit | LedgerEdit[] | null> } {
  const school = plan.school;
  const others = school.devices.filter((i) => i !== device.index);
  const choices: [number, number, () => Promise<LedgerEdit | LedgerEdit[] | null>][] = [
    [30, 1, () => device.exclusive(() => editParticipants(ctx, device, plan, 1))],
    [10, 1, () => device.exclusive(() => editParticipants(ctx, device, plan, ctx.random.between(2, 4)))],
    [7, 1, () => device.exclusive(() => addParticipantRow(ctx, device, plan, false))],
    [1.5, 1, () => device.exclusive(() => addParticipantRow(ctx, device, plan, true))],
    [18, 1, () => device.exclusive(() => editManagers(ctx, device, plan))],
    [4, 1, () => device.exclusive(() => addManager(ctx, device, plan))],
  ];
  if (plan.ownsTicketing) choices.push([6, 1, () => device.exclusive(() => editTicketing(ctx, device))]);
  if (others.length && (school.contestParticipants.length || school.contestManagers.length)) {
    choices.push([
      5,
      2,
      () => {
        const other = devices[ctx.random.pick(others)]!;
        const [first, second] = device.index < other.index ? [device, other] : [other, device];
        const managers =
          !school.contestParticipants.length || (school.contestManagers.length > 0 && ctx.random.chance(0.3));
        return first.exclusive(() =>
          second.exclusive(() =>
            managers
              ? contest(ctx, device, other, school.contestManagers, 'teamManagers')
              : contest(ctx, device, other, school.contestParticipants, 'participants'),
          ),
        );
      },
    ]);
  }
  let roll = ctx.random.next() * choices.reduce((sum, [weight]) => sum + weight, 0);
  for (const [weight, cost, run] of choices) {
    roll -= weight;
    if (roll < 0) return { cost, run };
  }
  const [, cost, run] = choices[0]!;
  return { cost, run };
}

/** A device's user at work until the run's edits are spent. */
async function work(ctx: EditContext, device: Device, plan: DevicePlan, devices: Device[], counters: Counters) {
  let idle = 0;
  while (counters.budget > 0 && idle < 50) {
    const edit = chooseEdit(ctx, device, plan, devices);
    if (edit.cost > counters.budget) {
      idle += 1;
      continue;
    }
    counters.budget -= edit.cost;
    const made = await edit.run();
    if (!made) {
      counters.budget += edit.cost;
      idle += 1;
      continue;
    }
    idle = 0;
    counters.done += edit.cost;
    if (ctx.random.chance(CHAOS.reloadPerEdit)) {
      await device.reload();
      counters.reloads += 1;
    }
    await pause(ctx.random.between(0, 2 * counters.meanPauseMs));
  }
}

/** The device's connection comes and goes while the run lasts. */
async function flap(device: Device, random: Random, counters: Counters) {
  while (counters.running) {
    await pause(random.between(...CHAOS.online));
    if (!counters.running) break;
    device.weather.offline = true;
    counters.flaps += 1;
    await pause(random.between(...CHAOS.offline));
    device.weather.offline = false;
  }
}

/** kill -9 of the server at points spread over the run, each while some device is flushing. */
async function crashes(
  target: ChaosTarget,
  devices: Device[],
  total: number,
  counters: Counters,
  log: (line: string) => void,
  crashLog: string[],
) {
  const count = Math.max(2, Math.round(total / CHAOS.editsPerCrash));
  for (let i = 1; i <= count; i++) {
    const at = Math.floor((total * i) / (count + 1));
    while (counters.running && counters.done < at) await pause(50);
    if (!counters.running) return;
    // Mid-flush: wait (briefly) for a device with changes on their way.
    for (let tries = 0; tries < 40 && !devices.some((d) => d.page().status.get().syncing); tries++) await pause(25);
    const started = Date.now();
    await target.crash();
    counters.crashes += 1;
    const line = `crash ${counters.crashes}: kill -9 at ${new Date(started).toISOString().slice(11, 23)} (edit ${counters.done}), serving again after ${Date.now() - started} ms`;
    crashLog.push(line);
    log(line);
  }
}

export async function runChaos(target: ChaosTarget, options: ChaosOptions): Promise<ChaosFigures> {
  const log = options.log ?? (() => undefined);
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seededRandom(seed);
  const started = performance.now();
  const plan = await planRun(target.url, options.devices, random);
  const network = { lostAnswers: 0, refusedOffline: 0 };
  const runId = `${seed}-${Date.now()}`;
  const devices: Device[] = [];
  const trace: TraceLine[] = [];
  const crashLog: string[] = [];
  for (const p of plan.devices) {
    devices.push(
      await openDevice({
        url: target.url,
        index: p.index,
        name: p.name,
        username: p.school.username,
        password: p.school.password,
        runId,
        random,
        counts: network,
        trace,
      }),
    );
  }
  log(
    `seed ${seed}; ${devices.length} devices: ${devices.map((d) => d.name).join(', ')}; ${options.edits} edits against ${target.description}`,
  );
  try {
    // Devices hold their school's rows before anyone edits them, as a signed-in device does.
    await Promise.all(devices.map((d) => d.page().engine.pull()));
    for (const p of plan.devices) {
      const held = await devices[p.index]!.page().db.participants.count();
      if (held < p.school.initial.participants.length)
        throw new Error(`${p.name} holds ${held} participants after its first pull`);
    }
    const ctx: EditContext = { ledger: newLedger(), random, baseNames: new Map() };
    for (const school of plan.schools) {
      for (const row of [...school.initial.participants, ...school.initial.teamManagers])
        ctx.baseNames.set(row.id, String(row.lastname));
    }
    const spreadMs = Math.max(CHAOS.minimumMs, options.edits * CHAOS.msPerEdit);
    const meanPauseMs = Math.round(spreadMs / (options.edits / devices.length));
    const counters: Counters = {
      flaps: 0,
      reloads: 0,
      crashes: 0,
      running: true,
      budget: options.edits,
      done: 0,
      meanPauseMs,
    };
    for (const d of devices) d.weather.lostAnswers = CHAOS.lostAnswers;
    const progress = setInterval(
      () =>
        log(
          `${counters.done} edits queued, ${counters.crashes} crashes, ${counters.flaps} flaps, ${counters.reloads} reloads`,
        ),
      10_000,
    );
    const shaking = [
      ...devices.map((d) => flap(d, random, counters)),
      crashes(target, devices, options.edits, counters, log, crashLog),
    ];
    try {
      await Promise.all(plan.devices.map((p) => work(ctx, devices[p.index]!, p, devices, counters)));
    } finally {
      counters.running = false;
      clearInterval(progress);
      await Promise.all(shaking);
    }
    log(`${ctx.ledger.edits.length} edits queued in ${Math.round((performance.now() - started) / 1000)} s; settling`);

    const deadline = Date.now() + CHAOS.settleMs;
    const unsettled = (await Promise.all(devices.map((d) => d.settle(deadline)))).filter(
      (line): line is string => !!line,
    );
    const ends: DeviceEnd[] = await Promise.all(
      devices.map(async (d) => ({
        index: d.index,
        name: d.name,
        schoolKey: plan.devices[d.index]!.school.key,
        db: d.page().db,
        outbox: await d.page().db.outbox.toArray(),
      })),
    );
    const verdict = await checkRun(ctx.ledger.edits, ends, plan.schools, await readAll(target.url, plan.schools));
    const seconds = (performance.now() - started) / 1000;
    const problems = [...unsettled, ...verdict.problems];
    if (problems.length && options.traceFile) {
      const lines = trace.map(
        (t) => `${new Date(t.at).toISOString().slice(11, 23)} ${t.device} page ${t.page}: ${t.writes} -> ${t.outcome}`,
      );
      await writeFile(options.traceFile, [...problems, '', ...crashLog, '', ...lines].join('\n'));
      log(`trace of ${trace.length} write requests in ${options.traceFile}`);
    }
    return {
      target: target.description,
      edits: ctx.ledger.edits.length,
      accepted: verdict.accepted,
      refused: verdict.refused,
      lost: verdict.lost,
      doubled: verdict.doubled,
      invisible: verdict.invisible,
      crashes: counters.crashes,
      flaps: counters.flaps,
      reloads: counters.reloads,
      seconds: Math.round(seconds * 10) / 10,
      editsPerSecond: Math.round((ctx.ledger.edits.length / seconds) * 10) / 10,
      lostAnswers: network.lostAnswers,
      seed,
      problems,
    };
  } finally {
    for (const d of devices) await d.close().catch(() => undefined);
  }
}

async function readAll(url: string, schools: SchoolPlan[]): Promise<Map<string, SchoolView>> {
  const views = new Map<string, SchoolView>();
  for (const school of schools) views.set(school.key, await readSchool(url, school.username, school.password));
  return views;
}

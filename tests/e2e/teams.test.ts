// A coordinator builds a team with the network gone: picks its discipline, division, letter and
// Co-ed gender in the teams grid, fills its three positions and gives it a team manager, saves
// (committed on the device at once), reloads the page still offline and finds it there. When the
// network returns the server (read through a separate API session) has exactly that team more,
// and a second device, signed in afresh, lists it under its discipline.
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { ParticipantRow } from '../../src/db/database';
import { participantLabels } from '../../src/features/teams/team-grid-rows';
import { expectAccessible } from './support/a11y';
import { DEMO, apiSession, signInThroughPage, waitForServiceWorker } from './support/app';
import { launchDevice } from './support/browser';
import { startServerAndDevice } from './support/device-and-server';
import { setDeviceOffline } from './support/network';

const env = startServerAndDevice();

type Discipline = {
  DisciplineId: number;
  name?: string;
  divisionFrom: number;
  male: boolean;
  female: boolean;
  active: boolean;
};
type Participant = {
  id: string;
  snowId: string | null;
  firstname: string;
  lastname: string;
  yearLevel: string;
  gender: string;
  archived: number;
};
type Team = {
  id: string;
  EventId: string;
  DisciplineId: number;
  division: number;
  gender: string;
  teamRank: string;
  TeamManagerId: string | null;
  TeamEntries: { ParticipantId: string | null; position: number }[];
};
type Manager = { id: string; firstname: string; lastname: string; mobile: string };

// The teams grid's columns (team-grid-rows.ts).
const COL = { discipline: 0, division: 1, team: 2, gender: 3, manager: 4, members: 5, change: 6 };
// The members grid's columns (no bib column for a school user).
const MEMBER_COL = { position: 0, participant: 1, snowId: 2 };
const LETTER = 'M';

async function getJson<T>(api: APIRequestContext, url: string): Promise<T> {
  const res = await api.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

const cell = (row: Locator, column: number) => row.locator('td').nth(column);
const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches a dropdown cell holding exactly this value. */
const exactCell = (value: string) => new RegExp(`^\u25BC?${escaped(value)}$`);
/** A cell's text without the dropdown arrow Handsontable draws in it. */
const text = async (target: Locator) => ((await target.textContent()) ?? '').replace('\u25BC', '');

/** The given columns of each of these rows, as the cells read (without the dropdown arrow). */
const columnsOf = (rows: Locator, columns: number[]) =>
  rows.evaluateAll(
    (trs, cols) =>
      trs.map((tr) => cols.map((c) => (tr.querySelectorAll('td')[c]?.textContent ?? '').replace('\u25BC', ''))),
    columns,
  );

/** Double-clicks a dropdown cell and types exactly one of its choices. */
async function chooseInCell(page: Page, target: Locator, value: string) {
  await target.dblclick();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(value);
  // The editor filters its list 10 ms after each key: Enter before that takes the choice matched
  // by the text so far, and the late filtering shows the list again after the editor has closed.
  await page
    .locator('.handsontableEditor td strong')
    .filter({ visible: true, hasText: new RegExp(`^${escaped(value)}$`) })
    .waitFor();
  await page.keyboard.press('Enter');
}

it('builds a team offline, keeps it over a reload and syncs exactly that team, seen by a second device', async () => {
  const api = await apiSession(env.server.url, DEMO.school);
  const before = await getJson<Team[]>(api, '/api/teams');
  const eventId = before[0]!.EventId;
  const disciplines = await getJson<Discipline[]>(api, `/api/event/${eventId}/disciplines`);
  const participants = await getJson<Participant[]>(api, '/api/v2/participants');
  const [manager] = await getJson<Manager[]>(api, '/api/v2/team-managers');
  expect(manager).toBeDefined();

  // A three-position discipline racing both genders (so Co-ed is offered) with three active
  // participants not yet entered in it; letter M is not taken there.
  const free = (d: Discipline) =>
    participants.filter(
      (p) =>
        !p.archived &&
        (p.gender === 'Male' || p.gender === 'Female') &&
        !before.some((t) => t.DisciplineId === d.DisciplineId && t.TeamEntries.some((e) => e.ParticipantId === p.id)),
    );
  const discipline = disciplines.find(
    (d) =>
      d.DisciplineId !== 1 &&
      d.DisciplineId !== 9 &&
      d.active &&
      d.male &&
      d.female &&
      !before.some(
        (t) =>
          t.DisciplineId === d.DisciplineId &&
          t.division === d.divisionFrom &&
          t.gender === 'Co-ed' &&
          t.teamRank === LETTER,
      ) &&
      free(d).some((p) => p.gender === 'Male') &&
      free(d).some((p) => p.gender === 'Female') &&
      free(d).length >= 3,
  );
  expect(discipline, 'a discipline for a new Co-ed team').toBeDefined();
  const { DisciplineId, divisionFrom: division } = discipline!;
  const disciplineName = discipline!.name ?? `Discipline ${DisciplineId}`;
  // One of each gender, then the next one free: a team that really is Co-ed.
  const candidates = free(discipline!);
  const first = candidates.find((p) => p.gender === 'Female')!;
  const second = candidates.find((p) => p.gender === 'Male')!;
  const members = [first, second, candidates.find((p) => p !== first && p !== second)!];
  // The member dropdown's labels, as the screen builds them.
  const labels = participantLabels(participants as unknown as ParticipantRow[]);
  const title = `${disciplineName} Division ${division} Co-ed team ${LETTER}`;

  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.school);
  await page.waitForURL(/#\/$/);
  await waitForServiceWorker(page);
  await page.getByRole('link', { name: 'Teams', exact: true }).click();
  await page.getByRole('heading', { name: 'Teams', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Add team' }).waitFor();
  const grid = page.getByRole('grid', { name: 'Teams', exact: true });
  await grid.waitFor();
  await expectAccessible(page, 'team grid');

  await setDeviceOffline(env.device.context, true);
  await page.reload();
  await grid.waitFor();

  await page.getByRole('button', { name: 'Add team' }).click();
  // The added team is the grid's last row; each step waits for the screen to have taken the value.
  const row = grid.locator('tbody tr').last();
  await expect.poll(() => text(cell(row, COL.change))).toBe('New');
  await page.getByRole('heading', { name: 'New team', level: 2 }).waitFor();
  // A team just added is blank, not wrong: nothing red before the user has chosen anything.
  expect(await row.locator('td.htInvalid').count()).toBe(0);
  expect(await page.getByText('Fix the invalid cells before saving.').count()).toBe(0);
  await chooseInCell(page, cell(row, COL.discipline), disciplineName);
  await expect.poll(() => text(cell(row, COL.members))).toBe('0 of 3');
  await chooseInCell(page, cell(row, COL.division), String(division));
  await chooseInCell(page, cell(row, COL.team), LETTER);
  await chooseInCell(page, cell(row, COL.gender), 'Co-ed');
  await page.getByRole('heading', { name: title, level: 2 }).waitFor();
  expect(
    await Promise.all([COL.discipline, COL.division, COL.team, COL.gender].map((c) => text(cell(row, c)))),
  ).toEqual([disciplineName, String(division), LETTER, 'Co-ed']);

  const panel = page.getByRole('region', { name: title, exact: true });
  const membersGrid = panel.getByRole('grid', { name: `Members of ${title}`, exact: true });
  for (const [i, member] of members.entries()) {
    await panel.getByRole('button', { name: 'Add participant' }).click();
    const memberRow = membersGrid.locator('tbody tr').nth(i);
    await expect.poll(() => text(cell(memberRow, MEMBER_COL.position))).toBe(String(i + 1));
    await chooseInCell(page, cell(memberRow, MEMBER_COL.participant), labels.get(member.id)!);
    await expect.poll(() => text(cell(memberRow, MEMBER_COL.snowId))).toBe(member.snowId ?? '');
  }
  await expect.poll(() => text(cell(row, COL.members))).toBe('3 of 3');
  await expect(panel.getByRole('button', { name: 'Add participant' }).isDisabled()).resolves.toBe(true);

  await panel.getByRole('button', { name: 'Add team manager' }).click();
  await panel
    .getByLabel('Team manager', { exact: true })
    .selectOption({ label: `${manager!.firstname} ${manager!.lastname}` });
  await panel.getByText(`${manager!.firstname} ${manager!.lastname}, ${manager!.mobile}`).waitFor();
  await panel.getByRole('button', { name: 'Remove team manager' }).waitFor();
  await expect.poll(() => text(cell(row, COL.manager))).toBe(`${manager!.firstname} ${manager!.lastname}`);
  await expectAccessible(page, 'team grid, a team built offline');

  await page.getByRole('button', { name: 'Save' }).click();
  await page
    .getByText(/1 change waiting to be sent/i)
    .first()
    .waitFor();

  // Still offline: the team comes back from the device's own database after a reload.
  await page.reload();
  await grid.waitFor();
  await page
    .getByText(/1 change waiting to be sent/i)
    .first()
    .waitFor();
  const savedRow = grid
    .locator('tbody tr')
    .filter({ has: page.locator(`td:nth-child(${COL.team + 1})`, { hasText: exactCell(LETTER) }) })
    .filter({ has: page.locator(`td:nth-child(${COL.discipline + 1})`, { hasText: exactCell(disciplineName) }) });
  await expect.poll(() => savedRow.count()).toBe(1);
  expect(
    await columnsOf(savedRow, [COL.discipline, COL.division, COL.team, COL.gender, COL.members, COL.change]),
  ).toEqual([[disciplineName, String(division), LETTER, 'Co-ed', '3 of 3', '']]);
  await savedRow.getByRole('button', { name: 'Show' }).click();
  // The members open below the whole grid: Show brings them into view.
  const shown = page.getByRole('heading', { name: title, level: 2 });
  await expect
    .poll(() =>
      shown.evaluate(
        (h) => h.getBoundingClientRect().top >= 0 && h.getBoundingClientRect().bottom <= window.innerHeight,
      ),
    )
    .toBe(true);
  await expect
    .poll(() => columnsOf(membersGrid.locator('tbody tr'), [MEMBER_COL.position, MEMBER_COL.participant]))
    .toEqual(members.map((m, i) => [String(i + 1), labels.get(m.id)]));
  await panel.getByText(`${manager!.firstname} ${manager!.lastname}, ${manager!.mobile}`).waitFor();
  expect((await getJson<Team[]>(api, '/api/teams')).map((t) => t.id).sort()).toEqual(before.map((t) => t.id).sort());

  await setDeviceOffline(env.device.context, false);
  const shape = (t: Team) => ({
    DisciplineId: t.DisciplineId,
    division: t.division,
    gender: t.gender,
    teamRank: t.teamRank,
    TeamManagerId: t.TeamManagerId,
    entries: t.TeamEntries.map((e) => [e.position, e.ParticipantId]).sort((a, b) => Number(a[0]) - Number(b[0])),
  });
  await expect
    .poll(
      async () => {
        const now = await getJson<Team[]>(api, '/api/teams');
        return {
          kept: before.map((b) => now.find((t) => t.id === b.id)).map((t) => (t ? shape(t) : null)),
          added: now.filter((t) => !before.some((b) => b.id === t.id)).map(shape),
        };
      },
      { timeout: 60_000, interval: 500 },
    )
    .toEqual({
      kept: before.map(shape),
      added: [
        {
          DisciplineId,
          division,
          gender: 'Co-ed',
          teamRank: LETTER,
          TeamManagerId: manager!.id,
          entries: members.map((m, i) => [i + 1, m.id]),
        },
      ],
    });

  // A second device sees the team as the server has it, listed under its discipline.
  const other = await launchDevice();
  try {
    const page2 = await other.context.newPage();
    await signInThroughPage(page2, env.server.url, DEMO.school);
    await page2.waitForURL(/#\/$/);
    await page2.getByRole('link', { name: 'Teams by discipline' }).click();
    const card = page2
      .getByRole('region', { name: disciplineName, exact: true })
      .getByRole('article', { name: `Division ${division} Co-ed team ${LETTER}`, exact: true });
    await card.waitFor({ timeout: 30_000 });
    const rows = await card
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)));
    expect(rows).toEqual(members.map((m, i) => [String(i + 1), `${m.firstname} ${m.lastname}`]));
    await expect(card.getByText(/^Team manager:/).textContent()).resolves.toBe(
      `Team manager: ${manager!.firstname} ${manager!.lastname}`,
    );
    await page2.close();
  } finally {
    await other.close();
  }

  expect(env.device.cspViolations).toEqual([]);
  await page.close();
  await api.dispose();
});

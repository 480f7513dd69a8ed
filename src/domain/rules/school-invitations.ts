// A school's invitations as its home lists them (docs/decisions.md, 'Results from the timing
// system'): its confirmed qualifiers from or to the chosen event, grouped by the event they are
// invited to, teams before individuals, each in race order and place (racers sharing a place by
// name).
import type { Qualifier } from '../schemas';

const ORDINAL = new Intl.PluralRules('en', { type: 'ordinal' });
const SUFFIX: Readonly<Record<string, string>> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
/** 1st, 2nd, 3rd, 11th, 22nd. */
const ordinalPlace = (place: number) => `${place}${SUFFIX[ORDINAL.select(place)] ?? 'th'}`;

export interface InvitationGroup {
  toEventId: string;
  /** 'State Championships', or the level's event when this device does not hold it. */
  toEventName: string;
  lines: string[];
}

export function schoolInvitations(
  qualifiers: readonly Qualifier[],
  eventId: string,
  names: { event(id: string): string | undefined; discipline(id: number): string | undefined },
): InvitationGroup[] {
  const groups = new Map<string, InvitationGroup>();
  const sorted = qualifiers
    .filter((q) => q.EventId === eventId || q.ToEventId === eventId)
    .sort(
      (a, b) =>
        Number(b.kind === 'team') - Number(a.kind === 'team') ||
        a.DisciplineId - b.DisciplineId ||
        a.division - b.division ||
        a.gender.localeCompare(b.gender) ||
        a.place - b.place ||
        (a.racers[0] ?? '').localeCompare(b.racers[0] ?? ''),
    );
  for (const q of sorted) {
    const group = groups.get(q.ToEventId) ?? {
      toEventId: q.ToEventId,
      toEventName: names.event(q.ToEventId) ?? 'the next event',
      lines: [],
    };
    const race = `${names.discipline(q.DisciplineId) ?? 'A race'} Division ${q.division} ${q.gender}`;
    group.lines.push(
      q.kind === 'team'
        ? `${q.teamName}, ${ordinalPlace(q.place)} in ${race}: ${q.racers.join(', ')}`
        : `${q.racers[0] ?? ''}, ${ordinalPlace(q.place)} in ${race}`,
    );
    groups.set(q.ToEventId, group);
  }
  return [...groups.values()];
}

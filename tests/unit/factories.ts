// Test data builders: valid UUIDs from small numbers, and plain rows with sensible defaults.

/** A valid (RFC 9562 v4-shaped) UUID that reads as the number n. */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;
}

export function teamRow(
  overrides: Partial<{
    id: string;
    DisciplineId: number;
    division: number;
    teamRank: string;
    gender: string;
    TeamManagerId: string | null;
    TeamEntries: { id: string; ParticipantId: string | null; position: number | null }[];
  }> = {},
) {
  return {
    id: uuid(100),
    DisciplineId: 2,
    division: 1,
    teamRank: 'A',
    gender: 'Male',
    TeamManagerId: null,
    TeamEntries: [],
    ...overrides,
  };
}

export function entry(n: number, participant: number | null, position: number | null) {
  return { id: uuid(1000 + n), ParticipantId: participant === null ? null : uuid(participant), position };
}

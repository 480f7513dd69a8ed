// Team, TeamEntry (spec section 3). A team entry puts one participant in one position of a team;
// an entry without a participant is an unassigned position (Home warns about those).
import { z } from 'zod';
import { MAX_PERSON_NAME_LENGTH, MAX_TEAM_ENTRIES, MAX_TITLE_LENGTH } from '../../constants/limits';
import {
  boundedText,
  disciplineIdSchema,
  divisionSchema,
  idSchema,
  noneableIdInput,
  nullableIdSchema,
  storedSnowIdSchema,
  teamGenderSchema,
  teamLetterSchema,
  versioned,
  wholeWhenNew,
} from '../common';

export const positionSchema = z.number().int().min(1).max(4);
export const bibSchema = z.number().int().positive();

/** The participant as named on an entry of the grouped listing (a school's teams read by an admin
 *  or auditor, who hold no mirror of that school's participants). */
const entryParticipantSchema = z.object({
  id: idSchema,
  firstname: boundedText(MAX_PERSON_NAME_LENGTH),
  lastname: boundedText(MAX_PERSON_NAME_LENGTH),
  snowId: storedSnowIdSchema.nullable(),
});

export const teamEntrySchema = z.object({
  id: idSchema,
  TeamId: idSchema,
  ParticipantId: nullableIdSchema,
  position: positionSchema,
  bib: bibSchema.nullable(),
  /** Set when an admin typed the bib; bulk generation never overwrites it. */
  bibManual: z.boolean().optional(),
  /** The spec's alias of id in bib and start-list views. */
  teamEntryId: idSchema.optional(),
  /** Only in GET /api/teams/grouped. */
  Participant: entryParticipantSchema.nullable().optional(),
  ...versioned,
});
export type TeamEntry = z.infer<typeof teamEntrySchema>;

/** The team manager as shown on a team (a team has a single one). */
const teamManagerRefSchema = z.object({
  id: idSchema,
  firstname: boundedText(MAX_PERSON_NAME_LENGTH),
  lastname: boundedText(MAX_PERSON_NAME_LENGTH),
});

export const teamSchema = z.object({
  id: idSchema,
  DisciplineId: disciplineIdSchema,
  Discipline: z.object({ id: disciplineIdSchema, name: boundedText(MAX_TITLE_LENGTH).optional() }).optional(),
  division: divisionSchema,
  teamRank: teamLetterSchema,
  gender: teamGenderSchema,
  EventId: idSchema,
  SchoolId: idSchema,
  TeamManagerId: nullableIdSchema.optional(),
  TeamManager: teamManagerRefSchema.nullable().optional(),
  TeamEntries: z.array(teamEntrySchema).optional(),
  ...versioned,
});
export type Team = z.infer<typeof teamSchema>;

/** A team's summary as listed on its team manager. */
export const teamRefSchema = teamSchema.pick({
  id: true,
  DisciplineId: true,
  division: true,
  teamRank: true,
  gender: true,
});

/** Request rows (PUT /api/teams). School and event come from the session; bib is admin-only. */
const teamEntryWriteSchema = z.object({
  id: idSchema,
  ParticipantId: noneableIdInput,
  position: positionSchema,
  bib: bibSchema.nullable().optional(),
  ...versioned,
});

export const teamWriteSchema = z
  .object({
    id: idSchema,
    DisciplineId: disciplineIdSchema.optional(),
    division: divisionSchema.optional(),
    teamRank: teamLetterSchema.optional(),
    gender: teamGenderSchema.optional(),
    EventId: idSchema.optional(),
    SchoolId: idSchema.optional(),
    TeamManagerId: noneableIdInput.optional(),
    /** The team's entries as they should be; omitted = unchanged. */
    TeamEntries: z.array(teamEntryWriteSchema).max(MAX_TEAM_ENTRIES).optional(),
    ...versioned,
  })
  .superRefine(wholeWhenNew({ DisciplineId: 'number', division: 'number', teamRank: 'string', gender: 'string' }));
export type TeamWrite = z.infer<typeof teamWriteSchema>;
/** A team row with every identity field (a new team, or one completed from the stored team). */
export type WholeTeamWrite = TeamWrite & Required<Pick<TeamWrite, 'DisciplineId' | 'division' | 'teamRank' | 'gender'>>;

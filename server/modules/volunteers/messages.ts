// What a refused volunteers save says, and the share of places it enforces: in their own file so
// the save, the admin's spots and the tests name the same words without importing each other.

/** A school may hold this many volunteer places per volunteer its race entries require. */
export const MAX_PLACES_PER_REQUIRED = 2;

export const VOLUNTEER_MESSAGES = {
  inBothLists: 'A volunteer or slot cannot be saved and removed in the same save.',
  notYourVolunteer: 'This volunteer is not one of your volunteers for this event.',
  noPlaceLeft: (what: string) => `No volunteer places are left for ${what}: choose another.`,
  spotOutOfRange: 'This division is not raced in this discipline at this event.',
  volunteerHasPlace: 'This volunteer already has a place: choose another volunteer, or reset the other place first.',
  tooManyPlaces: (required: number) =>
    required === 0
      ? 'Your school has no race entries in this event yet, so it cannot take volunteer places. Enter your teams first.'
      : `Your school's race entries require ${required} volunteer${required === 1 ? '' : 's'}, so it may hold at most ${required * MAX_PLACES_PER_REQUIRED} volunteer places. Reset a place you no longer need first.`,
} as const;

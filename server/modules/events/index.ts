// The events module's face: what the rest of the server may use of it (lint keeps every other
// part to this file).
export { eventsByIds } from './queries';
export { toEventDisciplineRow } from './shape';

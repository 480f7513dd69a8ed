// The results module's face: what the rest of the server may use of it (lint keeps every other
// part to this file).
export { toQualifier, toResultOverall, toResultRace, toTrophy } from './shape';

// The race-day module's face: what the rest of the server may use of it (lint keeps every other
// part to this file).
export { loadReadiness } from './readiness';
export { loadRaceDayRows } from './rows';
export { raceEntryEvents } from './service';
export { saveEventSetting } from './race-events';

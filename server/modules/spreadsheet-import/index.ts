// The spreadsheet-import module's face: what the rest of the server may use of it (lint keeps every
// other part to this file): reading an uploaded file's first sheet within the upload limits.
export { acceptSpreadsheets } from './accept';
export { FILE_MESSAGES, readSpreadsheetTable } from './read-file';

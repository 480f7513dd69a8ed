// Dates as the accounting system books them: both organisations keep Australian eastern time
// (Sydney and Melbourne share it).

/** The calendar date at that moment in Australia/Sydney, YYYY-MM-DD. */
export function australianDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

// Dates as the association books and prints them: both organisations keep Australian eastern time
// (Sydney and Melbourne share it), so an invoice issued at 8 am is dated that day, not the day before.

/** The calendar date at that moment in Australia/Sydney, YYYY-MM-DD. */
export function australianDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

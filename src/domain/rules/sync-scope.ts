// The name of a device's download (the change feed's scope): its school and event first, then
// anything the server adds after a '/' (the set of events shown for results). The server names the
// scope with it; a device reads it back to know whether what it holds is the session's school and
// event (a screen says 'Loading…' rather than 'none yet' before the first download has finished).

/** The school-and-event part of a scope's name. */
export function mainScopeBase(schoolId: string | null, eventId: string | null): string {
  return `school:${schoolId ?? 'none'}/event:${eventId ?? 'none'}`;
}

/** Is this scope (a name the server sent) a download of that school and event? */
export function isScopeOf(scopeKey: string, schoolId: string | null, eventId: string | null): boolean {
  const base = mainScopeBase(schoolId, eventId);
  return scopeKey === base || scopeKey.startsWith(`${base}/`);
}

// Bib numbering (docs/decisions.md, Race day): consecutive numbers from a start number in
// start-list order; a bib is unique within an event and discipline; manual bibs are never
// overwritten by a regeneration, only reported.

export interface BibCandidate {
  teamEntryId: string;
  bib: number | null;
  bibManual: boolean;
}

export interface BibAssignment {
  teamEntryId: string;
  bib: number;
}

export interface BibPlan {
  assignments: BibAssignment[];
  /** Entries that kept their manual bib. */
  keptManual: BibAssignment[];
  /** The number after the last one given (the next run can start there). */
  nextNumber: number;
}

/** Plans bibs for entries in start-list order. `bibsHeldElsewhere` are the bibs of the same event
 *  and discipline outside this selection; they, and manual bibs inside it, are skipped. */
export function planBibNumbers(
  entriesInStartOrder: readonly BibCandidate[],
  startNumber: number,
  bibsHeldElsewhere: Iterable<number> = [],
): BibPlan {
  const taken = new Set(bibsHeldElsewhere);
  const keptManual: BibAssignment[] = [];
  for (const entry of entriesInStartOrder) {
    if (entry.bibManual && entry.bib !== null) {
      keptManual.push({ teamEntryId: entry.teamEntryId, bib: entry.bib });
      taken.add(entry.bib);
    }
  }
  const assignments: BibAssignment[] = [];
  let next = startNumber;
  for (const entry of entriesInStartOrder) {
    if (entry.bibManual && entry.bib !== null) continue;
    while (taken.has(next)) next += 1;
    assignments.push({ teamEntryId: entry.teamEntryId, bib: next });
    next += 1;
  }
  return { assignments, keptManual, nextNumber: next };
}

export interface BibHolder {
  teamEntryId: string;
  bib: number | null;
}

export interface BibConflict {
  bib: number;
  teamEntryId: string;
  /** The entry that holds (or in the same request also asks for) this bib. */
  holderTeamEntryId: string;
}

/** Manual assignments that would duplicate a bib: against the existing bibs of the event and
 *  discipline (other entries than the one being assigned) and within the request itself. */
export function bibConflicts(requested: readonly BibAssignment[], existing: readonly BibHolder[]): BibConflict[] {
  const requestedIds = new Set(requested.map((r) => r.teamEntryId));
  const holders = new Map<number, string>();
  for (const holder of existing) {
    // An entry being re-assigned in this request gives up its old bib.
    if (holder.bib !== null && !requestedIds.has(holder.teamEntryId)) holders.set(holder.bib, holder.teamEntryId);
  }
  const conflicts: BibConflict[] = [];
  for (const request of requested) {
    const holder = holders.get(request.bib);
    if (holder !== undefined && holder !== request.teamEntryId) {
      conflicts.push({ bib: request.bib, teamEntryId: request.teamEntryId, holderTeamEntryId: holder });
    } else {
      holders.set(request.bib, request.teamEntryId);
    }
  }
  return conflicts;
}

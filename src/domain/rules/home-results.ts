// The five results home links to (GET /api/metrics 'results'): the published result files of the
// event, once the event is shown for results. Overall pointscores come first (what schools look
// for), then races by discipline, division and gender. Discipline names are data: the caller
// passes them in. The server's answer and the mirror's view use this same function.

const HOME_RESULTS_LIMIT = 5;

export interface HomeResult {
  id: string;
  title: string;
  fileUrl: string;
}

export interface ResultsRows {
  event: { showForResults: boolean } | null | undefined;
  races: readonly {
    id: string;
    DisciplineId: number;
    division: number;
    gender: string;
    teamIndividual: string;
    fileUrl: string;
  }[];
  overalls: readonly { id: string; pointscore: string; schoolType: string; gender: string; fileUrl: string }[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function homeResults(rows: ResultsRows, disciplineName: (disciplineId: number) => string): HomeResult[] {
  if (!rows.event?.showForResults) return [];
  const overalls = rows.overalls
    .filter((r) => r.fileUrl !== '')
    .map((r) => ({ id: r.id, title: `${r.pointscore} – ${r.schoolType} ${r.gender}`, fileUrl: r.fileUrl }))
    .sort((a, b) => byText(a.title, b.title) || byText(a.id, b.id));
  const races = rows.races
    .filter((r) => r.fileUrl !== '')
    .slice()
    .sort(
      (a, b) =>
        a.DisciplineId - b.DisciplineId ||
        a.division - b.division ||
        byText(a.gender, b.gender) ||
        byText(a.teamIndividual, b.teamIndividual) ||
        byText(a.id, b.id),
    )
    .map((r) => ({
      id: r.id,
      title: `${disciplineName(r.DisciplineId)} – Division ${r.division} ${r.gender} ${r.teamIndividual}`,
      fileUrl: r.fileUrl,
    }));
  return [...overalls, ...races].slice(0, HOME_RESULTS_LIMIT);
}

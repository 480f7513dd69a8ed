// Rows -> domain shapes of the reference data (states, disciplines): GET /api/states,
// GET /api/disciplines and the change feed send these shapes.
import type { Discipline, State } from '../../../src/domain/schemas';
import type { disciplines, states } from '../../db/schema';

export type StateRow = typeof states.$inferSelect;
export type DisciplineRow = typeof disciplines.$inferSelect;

export const toState = (r: StateRow): State => ({ id: r.id, name: r.name });

export const toDiscipline = (r: DisciplineRow): Discipline => ({
  id: r.id,
  name: r.name,
  divisionFrom: r.divisionFrom,
  divisionTo: r.divisionTo,
  male: r.male,
  female: r.female,
});

// #/reports/coordinator-details-state: the coordinators of one state's schools (GET
// /api/report/coordinator-details-state/{stateId}, RPT-21); admin and auditor only, others go to
// /login (RPT-22, enforced by the report frame). The states come from the device's mirror.
import { useState } from 'react';
import { SelectField } from '../../../components/fields';
import { NSW_STATE_ID } from '../../../domain/constants/choices';
import { reportsApi } from '../../../domain/schemas/api/reports';
import { coordinatorColumns } from '../report-columns';
import { useStateName, useStates } from '../report-lookups';
import { ReportPage, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function CoordinatorDetailsStateReport({ db }: ReportPageProps) {
  const title = reportTitle('coordinator-details-state');
  const states = useStates(db);
  const stateName = useStateName(db);
  const [stateId, setStateId] = useState(String(NSW_STATE_ID));
  const options = (states ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  if (!options.some((o) => o.value === stateId)) options.unshift({ value: stateId, label: stateName(Number(stateId)) });
  const chooser = <SelectField label="State" value={stateId} options={options} onChange={setStateId} />;
  return (
    <ReportPage
      db={db}
      title={title}
      request={{ route: reportsApi.coordinatorDetailsState, input: { params: { stateId } } }}
      controls={chooser}
    >
      {(rows) => (
        <ReportTable
          title={`${title}: ${stateName(Number(stateId))}`}
          rows={rows}
          columns={coordinatorColumns(stateName)}
        />
      )}
    </ReportPage>
  );
}

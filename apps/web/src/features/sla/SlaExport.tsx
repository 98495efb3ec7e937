import { ExportButton } from '../../ui/DataGrid/ExportButton';
import type { SlaTypeName } from './operations';

const SPEC_NAME: Record<SlaTypeName, string> = {
  CANCEL_RATE: 'cancel-rate',
  TRACKING: 'tracking',
  STATUS_ERROR: 'status-error',
  DELIVERY: 'delivery',
};

/** The SLA export (GET /portal/export/sla): the grids' export button with the months and indicators shown. */
export function SlaExport({ numberOfMonths, types }: { numberOfMonths: number; types: SlaTypeName[] }) {
  return (
    <ExportButton
      kind="sla"
      request={{ filters: [], sort: { field: 'month', direction: 'DESCENDING' }, page: 1, perPage: 50, search: null }}
      params={{ numberOfMonths, slaTypes: types.map((t) => SPEC_NAME[t]) }}
    />
  );
}

import type { useFormat } from '../../app/i18n/format';
import type { DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { dayOf } from './CampaignBadges';

interface CampaignTerms {
  dateFrom: string;
  dateTo: string;
  minDiscount: number;
}

/** The columns the partners' and the operators' campaign grids share: the duration and the minimum discount. */
export function campaignTermColumns<R extends CampaignTerms>(
  format: ReturnType<typeof useFormat>,
): { dateFrom: DataGridColumn<R>; dateTo: DataGridColumn<R>; minDiscount: DataGridColumn<R> } {
  return {
    dateFrom: {
      field: 'dateFrom',
      header: 'campaigns.columns.dateFrom',
      filterType: 'DATE',
      sortable: true,
      render: (row) => format.date(dayOf(row.dateFrom)),
    },
    dateTo: {
      field: 'dateTo',
      header: 'campaigns.columns.dateTo',
      filterType: 'DATE',
      sortable: true,
      render: (row) => format.date(dayOf(row.dateTo)),
    },
    minDiscount: {
      field: 'minDiscount',
      header: 'campaigns.columns.minDiscount',
      filterType: 'NUMBER',
      number: 'decimal',
      sortable: true,
      align: 'right',
      render: (row) => `${format.number(row.minDiscount)} %`,
    },
  };
}

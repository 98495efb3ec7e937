import type { FilterType, GridFilter, NumberKind } from '@pp/domain';
import type { ReactNode } from 'react';

export interface DataGridColumn<Row> {
  field: string;
  /** Translation key of the header. */
  header: string;
  render?: (row: Row) => ReactNode;
  filterType?: FilterType;
  /** What a NUMBER column holds (as the server's column says), so the filter refuses what the server would. */
  number?: NumberKind;
  /** Choices of ENUMS / MULTIPLE_ENUMS columns, already labelled. */
  options?: readonly { value: string; label: string }[];
  sortable?: boolean;
  /** Columns are visible until the user says otherwise, unless this is false. */
  defaultVisible?: boolean;
  align?: 'left' | 'right' | 'center';
  /**
   * Whether the table may break the cell into lines (names, categories) so the columns fit the screen; by
   * default only TEXT columns do, numbers, dates and badges keep one line.
   */
  wrap?: boolean;
}

export interface QuickFilter {
  id: string;
  /** Translation key. */
  label: string;
  /** Relative filters ("the last 7 days") are a function of the moment, called when the user clicks. */
  filters: GridFilter[] | ((now: Date) => GridFilter[]);
}

/**
 * Which columns a row's card shows on a phone, by field. Every part is optional: without a title the first
 * visible column is the card's heading, and without fields the next visible columns are listed.
 */
export interface DataGridCard {
  /** The column whose cell is the card's heading (usually the row's link). */
  title?: string;
  /** Columns shown in a line under the heading (a date, a name). */
  subtitle?: readonly string[];
  /** A picture column shown beside the heading (the product image). */
  media?: string;
  /** Columns listed as label and value. */
  fields?: readonly string[];
}

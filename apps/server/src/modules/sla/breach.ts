import { DomainError, parseSlaBreach, slaLocalDate } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { GridColumn } from '../../platform/grid';
import { breachSql } from './rules-sql';

/**
 * The orders grid's `slaBreach` filter: the orders an SLA figure counts as broken, so each figure on the SLA
 * page opens the orders behind it. Only "equals" a value of `slaBreachValue` (domain); anything else is a
 * validation error naming the filter, never SQL built from the value.
 */
export const SLA_BREACH_COLUMN: GridColumn = {
  field: 'slaBreach',
  sql: sql`true`,
  filterType: 'TEXT',
  notNull: true,
  filterSql: (filter) => {
    const breach = filter.operator === 'EQUAL' && filter.value != null ? parseSlaBreach(filter.value) : null;
    if (!breach) {
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'filter.slaBreach.value', rule: 'invalid' }]);
    }
    return breachSql(breach.slaType, breach.from, breach.to, breach.scanFrom, slaLocalDate(new Date()));
  },
};

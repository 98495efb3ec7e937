import { graphql, type ResultOf } from '../../graphql/graphql';

export const SlaStatisticsQuery = graphql(`
  query SlaStatistics($numberOfMonths: Int, $slaTypes: [SlaType!]) {
    slaStatistics(numberOfMonths: $numberOfMonths, slaTypes: $slaTypes) {
      judgedMonth
      currentMonth
      lastSevenDaysFrom
      today
      indicators {
        slaType
        target
        targetInclusive
        status
        judged { month broken total ratio status }
        lastSevenDays { broken total ratio status }
        currentMonth { month broken total ratio status }
        previousMonths { month broken total ratio status }
      }
    }
  }
`);

export type SlaStatistics = ResultOf<typeof SlaStatisticsQuery>['slaStatistics'];
export type SlaIndicatorView = SlaStatistics['indicators'][number];
export type SlaTypeName = SlaIndicatorView['slaType'];

import type { Platform } from '../../platform/context';
import type { JobDefinition } from '../../platform/jobs';
import {
  FEED_RUN_ABANDONED_AFTER_MS,
  FEED_RUN_JOB,
  FEED_SCHEDULE_JOB,
  type FeedRunJob,
  queueScheduledRuns,
  runFeed,
} from './runs';
import { FEED_VALIDATE_JOB, type FeedValidateJob } from './settings';
import { runFeedValidation } from './validate';

export function feedJobs(platform: Platform): JobDefinition<never>[] {
  return [
    // A run ends itself DONE or FAILED and never throws, so the job is not retried. The one retry is for a run
    // whose process ended: it closes the run as FEED_RUN_INTERRUPTED and never reads the file again (runFeed).
    // A big feed may read for longer than pg-boss's 15 minutes: an attempt is lost only after the time an open
    // run is held at all (FEED_RUN_ABANDONED_AFTER_MS), so no retry ever starts beside a run still reading.
    {
      name: FEED_RUN_JOB,
      retryLimit: 1,
      expireInSeconds: FEED_RUN_ABANDONED_AFTER_MS / 1000,
      handler: (data: FeedRunJob) => runFeed(platform, data),
    },
    // A check that failed for the server's own reasons is simply asked for again by the seller.
    { name: FEED_VALIDATE_JOB, retryLimit: 0, handler: (data: FeedValidateJob) => runFeedValidation(platform, data) },
    { name: FEED_SCHEDULE_JOB, cron: '* * * * *', retryLimit: 0, handler: () => queueScheduledRuns(platform) },
  ] as JobDefinition<never>[];
}

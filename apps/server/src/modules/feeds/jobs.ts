import type { Platform } from '../../platform/context';
import type { JobDefinition } from '../../platform/jobs';
import { FEED_RUN_JOB, FEED_SCHEDULE_JOB, type FeedRunJob, queueScheduledRuns, runFeed } from './runs';
import { FEED_VALIDATE_JOB, type FeedValidateJob } from './settings';
import { runFeedValidation } from './validate';

export function feedJobs(platform: Platform): JobDefinition<never>[] {
  return [
    // A run ends itself DONE or FAILED and never throws, so the job is not retried. The one retry is for a run
    // whose process ended: it closes the run as FEED_RUN_INTERRUPTED and never reads the file again (runFeed).
    { name: FEED_RUN_JOB, retryLimit: 1, handler: (data: FeedRunJob) => runFeed(platform, data) },
    // A check that failed for the server's own reasons is simply asked for again by the seller.
    { name: FEED_VALIDATE_JOB, retryLimit: 0, handler: (data: FeedValidateJob) => runFeedValidation(platform, data) },
    { name: FEED_SCHEDULE_JOB, cron: '* * * * *', retryLimit: 0, handler: () => queueScheduledRuns(platform) },
  ] as JobDefinition<never>[];
}

import type { Platform } from '../context';
import type { JobDefinition } from '../jobs';
import { FILES_CLEANUP_JOB, purgeExpiredFiles } from './index';

export function filesJobs(platform: Platform): JobDefinition[] {
  return [{ name: FILES_CLEANUP_JOB, cron: '40 3 * * *', handler: () => purgeExpiredFiles(platform) }];
}

import type { JobDefinition } from './platform/jobs';
import type { Platform } from './platform/context';
import { sessionJobs } from './modules/auth/jobs';
import { mailJobs } from './platform/mail/jobs';

/** Every area's job definitions, wired once by the platform. */
export function jobDefinitions(platform: Platform): JobDefinition<never>[] {
  return [...sessionJobs(platform), ...mailJobs(platform)] as JobDefinition<never>[];
}

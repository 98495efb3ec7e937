import { z } from 'zod';
import { FEATURE_FLAG_NAMES, type FeatureFlagName } from './flags';

/**
 * The flags as a schema, for the server. Apart from flags.ts so that the web's start-up, which needs only the
 * names and defaults, does not load the schema library.
 */
export const featureFlagsSchema = z.object(
  Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, z.boolean()])) as Record<FeatureFlagName, z.ZodBoolean>,
);

/** Feature flags served by GET /fefl. Unknown flags in the store are ignored. */
export const FEATURE_FLAG_NAMES = ['croatiaEnabled', 'registrationEnabled', 'newVersionNotice'] as const;
export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number];
export type FeatureFlags = Record<FeatureFlagName, boolean>;

export const DEFAULT_FEATURE_FLAGS: FeatureFlags = {
  croatiaEnabled: false,
  registrationEnabled: true,
  newVersionNotice: true,
};

/** The web re-reads the flags every 5 minutes (spec section 9). */
export const FEATURE_FLAGS_REFRESH_MS = 300_000;

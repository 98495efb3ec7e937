// How long sessions and one-time links live. Apart from password.ts so that the web's start-up, which reads
// the refresh period, does not load the schema library with the password rules.

/** A password-reset link is valid this long. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

/** Sessions last this long without use, and the web re-checks the session this often. */
export const SESSION_IDLE_TTL_MS = 12 * 60 * 60_000;
export const SESSION_REFRESH_MS = 5 * 60_000;
/** One-time login tokens (login/token/{token}, remote login) are valid this long. */
export const LOGIN_TOKEN_TTL_MS = 15 * 60_000;

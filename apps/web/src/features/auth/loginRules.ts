/**
 * The login form's rules (and the second step's), loaded on the first submit rather than with the sign-in page: the schema library
 * is the largest part of the page's JavaScript, and nobody needs it before pressing the button.
 */
export { loginInputSchema, recoveryCodeSchema, totpCodeSchema } from '@pp/domain';

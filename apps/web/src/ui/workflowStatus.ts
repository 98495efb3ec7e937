/** The badge colour of a partner's workflow status: live is green, ended is red, everything on the way is yellow. */
export function workflowColor(status: string): string {
  if (status === 'PRODUCTION') return 'green';
  if (status === 'DEACTIVATED' || status === 'ONBOARDING_CANCELLED') return 'red';
  if (status === 'HIDDEN_ON_WEB') return 'gray';
  return 'yellow';
}

/** The campaign detail's import part (upload, last import, errors, confirmation, imports grid): being built. */
export function CampaignImportSection(_props: { campaignId: string; joinable: boolean }) {
  return null;
}

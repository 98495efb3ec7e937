import { Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { canAccess } from '../../../app/session/access';
import { useSession } from '../../../app/session/session';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { ContractQuery, SETTINGS_KEYS } from '../../onboarding/steps/settings/operations';
import { AddressesSection } from '../addresses/AddressesSection';
import { ContractSection } from './ContractSection';
import { DocumentsSection } from './DocumentsSection';
import { LogoSection } from './LogoSection';
import { INFO_KEYS, ShopProfileQuery } from './operations';
import { ProfileSection } from './ProfileSection';
import { TermsSection } from './TermsSection';

/** The partner info tab (spec §2): shop profile, company and contract, logo, documents, terms consent, addresses. */
export function InfoPage() {
  const { t } = useTranslation();
  useDocumentTitle('partner');
  const session = useSession();
  const can = (action: 'update' | 'create' | 'delete') => canAccess(session, 'partner', action);
  const profile = useQuery({
    queryKey: INFO_KEYS.profile,
    queryFn: ({ signal }) => api.request(ShopProfileQuery, {}, { signal }).then((r) => r.shopProfile),
  });
  const contract = useQuery({
    queryKey: SETTINGS_KEYS.contract,
    queryFn: ({ signal }) => api.request(ContractQuery, {}, { signal }).then((r) => r.contract),
  });
  if (profile.isPending || contract.isPending) return <Loader aria-label={t('common.loading')} />;
  if (profile.isError) return <ErrorAlert error={profile.error} />;
  if (contract.isError) return <ErrorAlert error={contract.error} />;
  return (
    <Stack gap="lg" data-testid="partner-info">
      <ProfileSection profile={profile.data} canUpdate={can('update')} />
      <ContractSection contract={contract.data} canUpdate={can('update')} />
      <LogoSection profile={profile.data} canUpdate={can('update')} />
      <DocumentsSection canCreate={can('create')} canDelete={can('delete')} />
      <TermsSection canUpdate={can('update')} />
      <AddressesSection />
    </Stack>
  );
}

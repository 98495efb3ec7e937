import { type Currency, isShopId } from '@pp/domain';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { useSession } from '../../../app/session/session';
import { AddressesSection } from './settings/AddressesSection';
import { ConnectionSection } from './settings/ConnectionSection';
import { IntegrationSection } from './settings/IntegrationSection';
import { ContactsSection } from './settings/ContactsSection';
import { useSeatCountry } from '../../partner/seatCountry';
import { ChecklistQuery, SETTINGS_KEYS } from './settings/operations';
import { OtherStepsSection } from './settings/OtherStepsSection';
import { SelfBillingSection } from './settings/SelfBillingSection';
import { TransportSection } from './settings/TransportSection';

/**
 * Onboarding step 3: addresses, contact persons, connection type, self-billing, transport and the other
 * steps, each marked done or not from the checklist the server computes.
 */
export function SettingsStep() {
  const { t } = useTranslation();
  const session = useSession();
  const partner = session.selectedPartner;
  const checklist = useQuery({
    queryKey: SETTINGS_KEYS.checklist,
    queryFn: ({ signal }) => api.request(ChecklistQuery, {}, { signal }).then((r) => r.checklist),
  });
  // The seat country decides the phone format of contacts and the default address country: the contract's,
  // and the shop's market until the contract has loaded (a dialog opened meanwhile keeps what it got).
  const country = useSeatCountry();
  if (!partner || !isShopId(partner.shopId)) return null;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {t('onboarding.settings.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('onboarding.settings.intro')}
        </Text>
      </div>
      <AddressesSection checklist={checklist.data} country={country} />
      <ContactsSection checklist={checklist.data} country={country} />
      <ConnectionSection checklist={checklist.data} provider={partner.provider} />
      <IntegrationSection />
      <SelfBillingSection />
      <TransportSection checklist={checklist.data} shopId={partner.shopId} currency={partner.currency as Currency} />
      <OtherStepsSection />
    </Stack>
  );
}

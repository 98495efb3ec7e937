import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/PageFrame';
import { BillingPartnerDocuments } from './BillingPartnerDocuments';
import { BillingRunsSection } from './BillingRunsSection';
import { BillingSelfBillingSection } from './BillingSelfBillingSection';

/** cockpit/billing: the period runs, the self-billing decisions and one partner's documents. */
export function BillingPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      route="cockpitBilling"
      description={t('billing.cockpit.subtitle')}
      actions={
        <Button
          renderRoot={(props) => <Link {...props} to="/cockpit" />}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('billing.cockpit.back')}
        </Button>
      }
    >
      <BillingRunsSection />
      <BillingSelfBillingSection />
      <BillingPartnerDocuments />
    </PageFrame>
  );
}

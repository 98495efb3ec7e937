import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconReportMoney } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { PageFrame, useDocumentTitle } from '../../ui/PageFrame';
import { FinancingLinkMutation } from './operations';
import { ContentText, useContentPage } from './ServicesPages';

/**
 * financing: the page's text and the partner's personal offer. The server asks the financing provider for the
 * offer's link when the partner asks for it; the link then opens in a new tab (a tab opened by the browser
 * after an asynchronous answer would be stopped as a pop-up, so the partner clicks it).
 */
export function FinancingPage() {
  const { t } = useTranslation();
  const page = useContentPage('financing');
  const link = useMutation({ mutationFn: () => api.request(FinancingLinkMutation, {}).then((r) => r.financingLink) });
  return (
    <PageFrame route="financing" heading={page.data?.title}>
      {page.error && <ErrorAlert error={page.error} />}
      {page.isPending ? <LoadingScreen /> : page.data && <ContentText body={page.data.body} />}
      <Card withBorder padding="lg" maw={820}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            {t('content.financing.hint')}
          </Text>
          {link.data ? (
            <>
              <Text fw={600}>{t('content.financing.ready')}</Text>
              <Button
                component="a"
                href={link.data}
                target="_blank"
                rel="noopener noreferrer"
                rightSection={<IconExternalLink size={16} />}
              >
                {t('content.financing.open')}
              </Button>
            </>
          ) : (
            <Button onClick={() => link.mutate()} loading={link.isPending} leftSection={<IconReportMoney size={16} />}>
              {t('content.financing.show')}
            </Button>
          )}
          {link.error && (
            <Alert color="red" variant="light" role="alert" w="100%">
              {errorMessage(link.error, t)}
            </Alert>
          )}
        </Stack>
      </Card>
    </PageFrame>
  );
}

/** /offer/financing-demo: what the demo's stand-in provider links to (never used with a real provider). */
export function FinancingDemoOfferPage() {
  const { t } = useTranslation();
  useDocumentTitle('financingDemo');
  const { offer } = useSearch({ strict: false }) as { offer?: string };
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('content.demoOffer.title')}
      </Title>
      <Text>{t('content.demoOffer.body')}</Text>
      {offer && (
        <Text size="sm" c="dimmed">
          {t('content.demoOffer.reference', { offer: String(offer) })}
        </Text>
      )}
    </Stack>
  );
}

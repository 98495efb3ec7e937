import { Anchor, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { availableShopIds, type ShopId, TERMS_COUNTRIES, type TermsCountry, termsCountryOfShop } from '@pp/domain';
import { IconHistory, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError } from '../../app/api/apiError';
import { useFeatureFlags } from '../../app/flags';
import { useFormat } from '../../app/i18n/format';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { useDocumentTitle } from '../../ui/PageFrame';
import { BusinessTermsHistoryQuery, BusinessTermsQuery } from './operations';
import { TermsBody } from './TermsBody';

/** /business-terms: which marketplace's terms to read. */
export function BusinessTermsChooserPage() {
  const { t } = useTranslation();
  useDocumentTitle('businessTerms');
  const flags = useFeatureFlags();
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('routes.businessTerms')}
      </Title>
      <Text c="dimmed">{t('terms.chooseCountry')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {availableShopIds(flags).map((shopId) => {
          const country = termsCountryOfShop(shopId);
          return (
            <Card
              key={shopId}
              renderRoot={(props) => <Link {...props} to="/business-terms/$country/{-$lang}" params={{ country }} />}
              withBorder
              padding="lg"
              data-testid={`terms-country-${country}`}
            >
              <Text fw={600}>{t(`markets.${shopId}`)}</Text>
              <Text size="sm" c="dimmed">
                {t('terms.countryCard')}
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function useTermsLanguage(lang: string | undefined): string {
  const { i18n } = useTranslation();
  return lang ?? i18n.resolvedLanguage ?? i18n.language;
}

/** /business-terms/{country}/{lang?}: the terms in force (or one version of the history), printable. */
export function BusinessTermsPage() {
  const { country = '', lang } = useParams({ strict: false }) as { country?: string; lang?: string };
  const { version } = useSearch({ strict: false }) as { version?: string };
  const { t } = useTranslation();
  useDocumentTitle('businessTerms');
  const navigate = useNavigate();
  const reading = useTermsLanguage(lang);
  const query = useQuery({
    queryKey: ['businessTerms', country, reading, version ?? null],
    queryFn: ({ signal }) =>
      api.request(BusinessTermsQuery, { country, lang: reading, version: version ?? null }, { signal }),
  });
  const market = (TERMS_COUNTRIES as Record<string, ShopId>)[country.toLowerCase()];
  if (query.isPending) return <LoadingScreen />;
  const notFound = query.error instanceof ApiError && query.error.code === 'TERMS_NOT_FOUND';
  const terms = query.data?.businessTerms ?? null;
  return (
    <Stack gap="lg" className="pp-terms-page">
      <Group justify="space-between" align="flex-end" gap="sm" className="pp-no-print">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('routes.businessTerms')}
          </Title>
          {market && <Text c="dimmed">{t(`markets.${market}`)}</Text>}
        </Stack>
        {terms && (
          <Group gap="xs">
            {terms.languages.length > 1 && (
              <NativeSelect
                aria-label={t('terms.language')}
                size="xs"
                value={terms.content.lang}
                data={terms.languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                onChange={(e) =>
                  void navigate({
                    to: '/business-terms/$country/{-$lang}',
                    params: { country, lang: e.currentTarget.value },
                    search: version ? { version } : {},
                  } as never)
                }
                data-testid="terms-language"
              />
            )}
            <Button
              renderRoot={(props) => <Link {...props} to="/business-terms/$country/history" params={{ country }} />}
              variant="default"
              size="xs"
              leftSection={<IconHistory size={14} />}
              data-testid="terms-history-link"
            >
              {t('terms.history')}
            </Button>
            <Button variant="default" size="xs" leftSection={<IconPrinter size={14} />} onClick={() => window.print()}>
              {t('terms.print')}
            </Button>
          </Group>
        )}
      </Group>
      {query.error && !notFound && <ErrorAlert error={query.error} />}
      {(notFound || (!query.error && !terms)) && (
        <Text data-testid="terms-none">{notFound ? t('errors.TERMS_NOT_FOUND') : t('terms.none')}</Text>
      )}
      {terms && (
        <Card withBorder padding="xl" radius="md">
          <TermsBody terms={terms} />
        </Card>
      )}
    </Stack>
  );
}

/** /business-terms/{country}/history: the versions shown in the history, newest first. */
export function BusinessTermsHistoryPage() {
  const { country = '' } = useParams({ strict: false }) as { country?: string };
  const { t } = useTranslation();
  useDocumentTitle('businessTermsHistory');
  const format = useFormat();
  const query = useQuery({
    queryKey: ['businessTermsHistory', country],
    queryFn: ({ signal }) => api.request(BusinessTermsHistoryQuery, { country }, { signal }),
  });
  const market = (TERMS_COUNTRIES as Record<string, ShopId>)[country.toLowerCase()];
  if (query.isPending) return <LoadingScreen />;
  const notFound = query.error instanceof ApiError && query.error.code === 'TERMS_NOT_FOUND';
  const versions = query.data?.businessTermsHistory ?? [];
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('routes.businessTermsHistory')}
        </Title>
        {market && <Text c="dimmed">{t(`markets.${market}`)}</Text>}
      </Stack>
      {query.error && !notFound && <ErrorAlert error={query.error} />}
      {notFound && <Text data-testid="terms-none">{t('errors.TERMS_NOT_FOUND')}</Text>}
      {!query.error && versions.length === 0 && <Text data-testid="terms-none">{t('terms.none')}</Text>}
      {versions.length > 0 && (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={320}>
            <Table striped verticalSpacing="sm" data-testid="terms-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('terms.version')}</Table.Th>
                  <Table.Th>{t('terms.validFrom')}</Table.Th>
                  <Table.Th>{t('terms.languages')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.map((v, i) => (
                  <Table.Tr key={v.id} data-testid="terms-history-row">
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link
                            {...props}
                            to="/business-terms/$country/{-$lang}"
                            params={{ country }}
                            search={i === 0 ? {} : { version: v.id }}
                          />
                        )}
                      >
                        {v.version}
                      </Anchor>
                      {i === 0 && (
                        <Text span size="xs" c="teal" ml="xs">
                          {t('terms.inForce')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{format.date(v.validFrom)}</Table.Td>
                    <Table.Td>{v.languages.map((l) => l.toUpperCase()).join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <Anchor
        renderRoot={(props) => <Link {...props} to="/business-terms/$country/{-$lang}" params={{ country }} />}
        size="sm"
      >
        {t('terms.backToCurrent')}
      </Anchor>
    </Stack>
  );
}

export type { TermsCountry };

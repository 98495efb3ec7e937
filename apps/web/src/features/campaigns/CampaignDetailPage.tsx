import { Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBan } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';
import { CampaignStateBadges, dayOf } from './CampaignBadges';
import { CampaignImportSection } from './imports/CampaignImportSection';
import { type CampaignDetail, CampaignQuery } from './operations';
import { useCampaignsLive } from './useCampaignsLive';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/marketing/campaigns" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('campaigns.back')}
      </Group>
    </Anchor>
  );
}

/** One term of the campaign: its label above its value (stacks on a phone, two or three columns wider). */
function Term({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** marketing/campaigns/detail/{id}: the campaign's terms, and joining it by a file (the import section). */
export function CampaignDetailPage() {
  const { t } = useTranslation();
  useDocumentTitle('campaignDetail');
  useCampaignsLive();
  const session = useSession();
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const query = useQuery({
    queryKey: ['campaign', id, session.selectedPartner?.id ?? null],
    queryFn: ({ signal }) => api.request(CampaignQuery, { id }, { signal }),
  });
  if (query.error) {
    const blacklisted = query.error instanceof ApiError && query.error.code === 'CAMPAIGN_PARTNER_BLACKLISTED';
    return (
      <Stack gap="md">
        <BackLink />
        {blacklisted ? (
          <Card withBorder padding="lg" data-testid="campaign-blacklisted">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconBan size={24} color="var(--mantine-color-red-6)" aria-hidden />
              <Text role="alert" fw={500}>
                {t('errors.CAMPAIGN_PARTNER_BLACKLISTED')}
              </Text>
            </Group>
          </Card>
        ) : (
          <ErrorAlert error={query.error} />
        )}
      </Stack>
    );
  }
  if (!query.data) return <Loader aria-label={t('common.loading')} />;
  const campaign = query.data.campaign;
  return (
    <Stack gap="lg" data-testid="campaign-detail">
      <BackLink />
      <CampaignTerms campaign={campaign} />
      <CampaignImportSection campaignId={campaign.id} joinable={campaign.joinable} />
    </Stack>
  );
}

export function CampaignTerms({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = (value: number) => `${format.number(value)} %`;
  const names = (list: { name: string }[]) =>
    list.length ? list.map((c) => c.name).join(', ') : t('campaigns.detail.anyCategory');
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
            {campaign.name}
          </Title>
          <CampaignStateBadges status={campaign.status} phase={campaign.phase} locked={campaign.locked} />
        </Group>
        {campaign.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {campaign.description}
          </Text>
        )}
        <Text size="sm" c={campaign.joinable ? 'teal' : 'dimmed'} fw={500} data-testid="campaign-joinable">
          {campaign.joined
            ? t('campaigns.detail.joined', { count: campaign.productsCount })
            : campaign.joinable
              ? t('campaigns.detail.joinable')
              : t('campaigns.detail.notJoinable')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
          <Term label={t('campaigns.detail.duration')} testId="campaign-duration">
            {t('campaigns.detail.range', {
              from: format.date(dayOf(campaign.dateFrom)),
              to: format.date(dayOf(campaign.dateTo)),
            })}
          </Term>
          <Term label={t('campaigns.columns.shops')}>
            {campaign.shops.map((s) => t(`markets.${s}`, { defaultValue: s })).join(', ')}
          </Term>
          <Term label={t('campaigns.columns.productsCount')} testId="campaign-products-count">
            {format.number(campaign.productsCount)}
          </Term>
          <Term label={t('campaigns.columns.minDiscount')}>{percent(campaign.minDiscount)}</Term>
          <Term label={t('campaigns.columns.minDiscountRrp')}>{percent(campaign.minDiscountRrp)}</Term>
          <Term label={t('campaigns.detail.maxReduction')}>
            {campaign.maxReduction == null ? t('campaigns.detail.noMaxReduction') : percent(campaign.maxReduction)}
          </Term>
          <Term label={t('campaigns.detail.articleCount')}>
            {t('campaigns.detail.countRange', {
              min: format.number(campaign.articleCountMin),
              max: format.number(campaign.articleCountMax),
            })}
          </Term>
          <Term label={t('campaigns.detail.divisions')}>{names(campaign.divisions)}</Term>
          <Term label={t('campaigns.detail.categories')}>{names(campaign.categories)}</Term>
          <Term label={t('campaigns.detail.labels')}>
            {campaign.labels.length ? (
              <Group gap={4}>
                {campaign.labels.map((l) => (
                  <Badge key={l} variant="outline" tt="none">
                    {t(`productLabels.${l}`, { defaultValue: l })}
                  </Badge>
                ))}
              </Group>
            ) : (
              t('campaigns.detail.noLabels')
            )}
          </Term>
          <Term label={t('campaigns.detail.locked')}>
            {campaign.locked ? t('campaigns.detail.lockedYes') : t('campaigns.detail.lockedNo')}
          </Term>
          <Term label={t('campaigns.columns.status')}>{t(`campaigns.status.${campaign.status}`)}</Term>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

import { Button, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { PageFrame, useDocumentTitle } from '../../ui/PageFrame';
import { ContentPageQuery, PublicServiceQuery, PublicServicesQuery, ServiceQuery, ServicesQuery } from './operations';
import { ServiceCards, ServiceDetail } from './ServiceViews';

/** The content follows the interface language: a language switch asks again. */
function useLang(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}

/** services: the add-ons and the marketplace's own services (any account of the partner). */
export function ServicesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery({
    queryKey: ['services', lang],
    queryFn: ({ signal }) => api.request(ServicesQuery, {}, { signal }).then((r) => r.services),
  });
  return (
    <PageFrame route="services" description={t('content.services.intro')}>
      {query.error && <ErrorAlert error={query.error} />}
      {query.isPending ? <LoadingScreen /> : query.data && <ServiceCards services={query.data} area="portal" />}
    </PageFrame>
  );
}

/** services/detail/{serviceName}. */
export function ServiceDetailPage() {
  const { serviceName } = useParams({ strict: false }) as { serviceName: string };
  const lang = useLang();
  const query = useQuery({
    queryKey: ['service', serviceName, lang],
    queryFn: ({ signal }) => api.request(ServiceQuery, { serviceName }, { signal }).then((r) => r.service),
  });
  return (
    <PageFrame route="serviceDetail" heading={query.data?.title}>
      {query.error && <ErrorAlert error={query.error} />}
      {query.isPending ? <LoadingScreen /> : query.data && <ServiceDetail service={query.data} area="portal" />}
    </PageFrame>
  );
}

/** The public offer (the login page's "services" link): the same services for a signed-out visitor. */
export function PublicServicesPage() {
  const { t } = useTranslation();
  useDocumentTitle('publicServices');
  const lang = useLang();
  const query = useQuery({
    queryKey: ['publicServices', lang],
    queryFn: ({ signal }) => api.request(PublicServicesQuery, {}, { signal }).then((r) => r.publicServices),
  });
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('routes.publicServices')}
        </Title>
        <Text c="dimmed">{t('content.services.publicIntro')}</Text>
      </Stack>
      <Group gap="sm">
        <Button component={Link} to="/login">
          {t('content.services.signIn')}
        </Button>
        <Button component={Link} to="/registration" variant="default">
          {t('content.services.register')}
        </Button>
      </Group>
      {query.error && <ErrorAlert error={query.error} />}
      {query.isPending ? <LoadingScreen /> : query.data && <ServiceCards services={query.data} area="public" />}
    </Stack>
  );
}

export function PublicServiceDetailPage() {
  const { serviceName } = useParams({ strict: false }) as { serviceName: string };
  useDocumentTitle('publicServices');
  const lang = useLang();
  const query = useQuery({
    queryKey: ['publicService', serviceName, lang],
    queryFn: ({ signal }) => api.request(PublicServiceQuery, { serviceName }, { signal }).then((r) => r.publicService),
  });
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {query.data?.title ?? ''}
      </Title>
      {query.error && <ErrorAlert error={query.error} />}
      {query.isPending ? <LoadingScreen /> : query.data && <ServiceDetail service={query.data} area="public" />}
    </Stack>
  );
}

/** A page whose text operators keep (mall-pay, financing), with what the page adds below it. */
export function useContentPage(key: 'mall-pay' | 'financing') {
  const lang = useLang();
  return useQuery({
    queryKey: ['contentPage', key, lang],
    queryFn: ({ signal }) => api.request(ContentPageQuery, { key }, { signal }).then((r) => r.contentPage),
  });
}

export function ContentText({ body }: { body: string }) {
  return (
    <Typography maw={820}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list when an operator saved it */}
      <div dangerouslySetInnerHTML={{ __html: body }} />
    </Typography>
  );
}

/** services/mall-pay: the deferred-payment offer. */
export function MallPayPage() {
  const { t } = useTranslation();
  const page = useContentPage('mall-pay');
  return (
    <PageFrame route="mallPay" heading={page.data?.title}>
      {page.error && <ErrorAlert error={page.error} />}
      {page.isPending ? <LoadingScreen /> : page.data && <ContentText body={page.data.body} />}
      <Group>
        <Button component={Link} to="/services" variant="default" leftSection={<IconArrowLeft size={16} />}>
          {t('content.services.back')}
        </Button>
      </Group>
    </PageFrame>
  );
}

import { ActionIcon, Badge, Button, Card, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { CONTENT_FALLBACK_LANGUAGE } from '@pp/domain';
import { IconArrowDown, IconArrowLeft, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { PageFrame } from '../../ui/PageFrame';
import {
  type CockpitContentPage,
  CockpitContentPagesQuery,
  type CockpitFaqEntry,
  CockpitFaqQuery,
  CockpitOrderServicesMutation,
  type CockpitService,
  CockpitServicesQuery,
  CockpitSetFaqPublishedMutation,
  CockpitSetServiceActiveMutation,
} from '../content/operations';
import { FaqForm, PageTextForm, ServiceForm } from './ContentForms';

const KEY = ['cockpitContent'] as const;

const englishOf = <T extends { lang: string }>(texts: readonly T[]) =>
  texts.find((x) => x.lang === CONTENT_FALLBACK_LANGUAGE) ?? texts[0];

function Languages({ texts }: { texts: readonly { lang: string }[] }) {
  return (
    <Text size="xs" c="dimmed">
      {texts.map((x) => x.lang.toUpperCase()).join(' · ')}
    </Text>
  );
}

/** Operators: services, the mall-pay and financing texts, and the help center's questions. */
export function ContentPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      route="cockpitContent"
      description={t('content.cockpit.subtitle')}
      actions={
        <Button
          renderRoot={(props) => <Link {...props} to="/cockpit" />}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('content.cockpit.back')}
        </Button>
      }
    >
      <Tabs defaultValue="services" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="services">{t('content.cockpit.tabs.services')}</Tabs.Tab>
          <Tabs.Tab value="pages">{t('content.cockpit.tabs.pages')}</Tabs.Tab>
          <Tabs.Tab value="faq">{t('content.cockpit.tabs.faq')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="services" pt="md">
          <ServicesSection />
        </Tabs.Panel>
        <Tabs.Panel value="pages" pt="md">
          <PagesSection />
        </Tabs.Panel>
        <Tabs.Panel value="faq" pt="md">
          <FaqSection />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

function ServicesSection() {
  const { t } = useTranslation();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<CockpitService | 'new' | null>(null);
  const list = useQuery({
    queryKey: [...KEY, 'services'],
    queryFn: ({ signal }) => api.request(CockpitServicesQuery, {}, { signal }).then((r) => r.cockpitServices),
  });
  const onError = (error: unknown) => flash.error(errorMessage(error, t));
  const setActive = useMutation({
    mutationFn: (v: { id: string; active: boolean }) => api.request(CockpitSetServiceActiveMutation, v),
    onSuccess: () => void refresh(),
    onError,
  });
  const order = useMutation({
    mutationFn: (ids: string[]) => api.request(CockpitOrderServicesMutation, { ids }),
    onSuccess: () => void refresh(),
    onError,
  });
  const services = list.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = services.map((s) => s.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    order.mutate(ids);
  };
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('content.cockpit.newService')}
        </Button>
      </Group>
      {list.error && <ErrorAlert error={list.error} />}
      {list.isPending ? (
        <LoadingScreen />
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('content.cockpit.columns.order')}</Table.Th>
                  <Table.Th>{t('content.cockpit.columns.name')}</Table.Th>
                  <Table.Th>{t('content.cockpit.columns.provider')}</Table.Th>
                  <Table.Th>{t('content.cockpit.columns.status')}</Table.Th>
                  <Table.Th>{t('content.cockpit.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {services.map((service, index) => {
                  const title = englishOf(service.texts)?.title ?? service.serviceName;
                  return (
                    <Table.Tr key={service.id}>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('content.cockpit.moveUp', { name: title })}
                            disabled={index === 0 || order.isPending}
                            onClick={() => move(index, -1)}
                          >
                            <IconArrowUp size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('content.cockpit.moveDown', { name: title })}
                            disabled={index === services.length - 1 || order.isPending}
                            onClick={() => move(index, 1)}
                          >
                            <IconArrowDown size={16} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text fw={500}>{title}</Text>
                        <Text size="xs" c="dimmed">
                          {service.serviceName}
                        </Text>
                        <Languages texts={service.texts} />
                      </Table.Td>
                      <Table.Td>{service.provider}</Table.Td>
                      <Table.Td>
                        <Badge color={service.active ? 'teal' : 'gray'} variant="light">
                          {t(service.active ? 'content.cockpit.active' : 'content.cockpit.inactive')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button size="xs" variant="default" onClick={() => setEditing(service)}>
                            {t('content.cockpit.edit')}
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            loading={setActive.isPending && setActive.variables?.id === service.id}
                            onClick={() => setActive.mutate({ id: service.id, active: !service.active })}
                          >
                            {t(service.active ? 'content.cockpit.deactivate' : 'content.cockpit.activate')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {editing && (
        <ServiceForm
          service={editing === 'new' ? null : editing}
          nextPosition={services.length}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            flash.success(t('content.cockpit.saved'));
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}

function PagesSection() {
  const { t } = useTranslation();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<CockpitContentPage | null>(null);
  const list = useQuery({
    queryKey: [...KEY, 'pages'],
    queryFn: ({ signal }) => api.request(CockpitContentPagesQuery, {}, { signal }).then((r) => r.cockpitContentPages),
  });
  return (
    <Stack gap="md">
      {list.error && <ErrorAlert error={list.error} />}
      {list.isPending ? (
        <LoadingScreen />
      ) : (
        list.data?.map((page) => (
          <Card key={page.key} withBorder padding="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Text fw={600}>{t(`content.cockpit.pageNames.${page.key}`)}</Text>
                <Text size="sm">{englishOf(page.texts)?.title ?? ''}</Text>
                <Languages texts={page.texts} />
              </Stack>
              <Button
                variant="default"
                onClick={() => setEditing(page)}
                aria-label={`${t('content.cockpit.edit')}: ${t(`content.cockpit.pageNames.${page.key}`)}`}
              >
                {t('content.cockpit.edit')}
              </Button>
            </Group>
          </Card>
        ))
      )}
      {editing && (
        <PageTextForm
          page={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            flash.success(t('content.cockpit.saved'));
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}

function FaqSection() {
  const { t } = useTranslation();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<CockpitFaqEntry | 'new' | null>(null);
  const list = useQuery({
    queryKey: [...KEY, 'faq'],
    queryFn: ({ signal }) => api.request(CockpitFaqQuery, {}, { signal }).then((r) => r.cockpitFaq),
  });
  const publish = useMutation({
    mutationFn: (v: { id: string; published: boolean }) => api.request(CockpitSetFaqPublishedMutation, v),
    onSuccess: () => void refresh(),
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const entries = list.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('content.cockpit.newQuestion')}
        </Button>
      </Group>
      {list.error && <ErrorAlert error={list.error} />}
      {list.isPending ? (
        <LoadingScreen />
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('content.cockpit.columns.question')}</Table.Th>
                  <Table.Th>{t('content.cockpit.columns.topic')}</Table.Th>
                  <Table.Th>{t('content.cockpit.columns.status')}</Table.Th>
                  <Table.Th>{t('content.cockpit.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      <Text fw={500}>{englishOf(entry.texts)?.question ?? ''}</Text>
                      <Languages texts={entry.texts} />
                    </Table.Td>
                    <Table.Td>{t(`content.faq.topics.${entry.topic}`)}</Table.Td>
                    <Table.Td>
                      <Badge color={entry.published ? 'teal' : 'gray'} variant="light">
                        {t(entry.published ? 'content.cockpit.published' : 'content.cockpit.draft')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditing(entry)}>
                          {t('content.cockpit.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          loading={publish.isPending && publish.variables?.id === entry.id}
                          onClick={() => publish.mutate({ id: entry.id, published: !entry.published })}
                        >
                          {t(entry.published ? 'content.cockpit.unpublish' : 'content.cockpit.publish')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {editing && (
        <FaqForm
          entry={editing === 'new' ? null : editing}
          nextPosition={entries.length}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            flash.success(t('content.cockpit.saved'));
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}

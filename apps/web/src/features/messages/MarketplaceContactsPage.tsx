import { Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconPencilPlus, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';
import { MarketplaceContactsQuery } from './operations';

/** Who at the marketplace looks after the selected partner, its market's support, and whom one may write to. */
export function MarketplaceContactsPage() {
  const { t } = useTranslation();
  useDocumentTitle('userContacts');
  const session = useSession();
  const canWrite = canAccess(session, 'messages', 'create');
  const query = useQuery({
    queryKey: ['marketplaceContacts', session.selectedPartner?.id ?? null],
    queryFn: ({ signal }) => api.request(MarketplaceContactsQuery, {}, { signal }).then((r) => r.marketplaceContacts),
  });
  if (query.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (query.error) return <ErrorAlert error={query.error} />;
  const contacts = query.data;

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={2} fz="lg">
          {t('routes.userContacts')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('messages.contacts.intro')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" data-testid="marketplace-people">
          <Stack gap="sm">
            <Title order={3} fz="md">
              {t('messages.contacts.people')}
            </Title>
            {contacts.people.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('messages.contacts.noPeople')}
              </Text>
            ) : (
              <Stack gap="xs">
                {contacts.people.map((person) => (
                  <Group key={person.role} gap="sm" wrap="nowrap">
                    <ThemeIcon variant="light" radius="xl" aria-hidden>
                      <IconUser size={16} />
                    </ThemeIcon>
                    <div>
                      <Text size="xs" c="dimmed">
                        {t(`messages.contacts.roles.${person.role}`, { defaultValue: person.role })}
                      </Text>
                      <Text size="sm" fw={500}>
                        {person.name}
                      </Text>
                    </div>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md" data-testid="marketplace-support">
          <Stack gap="sm">
            <Title order={3} fz="md">
              {t('messages.contacts.support')}
            </Title>
            {contacts.supportEmail ? (
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" radius="xl" aria-hidden>
                  <IconMail size={16} />
                </ThemeIcon>
                <Anchor href={`mailto:${contacts.supportEmail}`} size="sm">
                  {contacts.supportEmail}
                </Anchor>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('messages.contacts.noSupport')}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t('messages.contacts.supportHint')}
            </Text>
          </Stack>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" data-testid="marketplace-departments">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={3} fz="md">
              {t('messages.contacts.departments')}
            </Title>
            {canWrite && (
              <Button
                component={Link}
                to="/user/send-message"
                variant="light"
                size="sm"
                leftSection={<IconPencilPlus size={16} aria-hidden />}
              >
                {t('messages.write')}
              </Button>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('messages.contacts.departmentsHint')}
          </Text>
          <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {contacts.departments.map((d) => (
              <Text
                key={d}
                component="li"
                size="sm"
                px="sm"
                py={4}
                bg="var(--mantine-color-default-hover)"
                style={{ borderRadius: 16 }}
              >
                {t(`contacts.roles.${d}`, { defaultValue: d })}
              </Text>
            ))}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

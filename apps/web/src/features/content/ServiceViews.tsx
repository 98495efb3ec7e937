import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceData } from './operations';

/** Where a service's own page is: in the portal, or on the public offer for signed-out visitors. */
export type ServiceArea = 'portal' | 'public';

function DetailLink({ area, service, children }: { area: ServiceArea; service: ServiceData; children: ReactNode }) {
  return area === 'portal' ? (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/services/detail/$serviceName" params={{ serviceName: service.serviceName }} />
      )}
    >
      {children}
    </Anchor>
  ) : (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/offer/services/$serviceName" params={{ serviceName: service.serviceName }} />
      )}
    >
      {children}
    </Anchor>
  );
}

/** The services as cards: title, provider, summary and the marketing price. */
export function ServiceCards({ services, area }: { services: readonly ServiceData[]; area: ServiceArea }) {
  const { t } = useTranslation();
  if (services.length === 0) return <Text c="dimmed">{t('content.services.empty')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {services.map((service) => (
        <Card
          key={service.serviceName}
          withBorder
          padding="lg"
          component="article"
          aria-labelledby={`svc-${service.id}`}
        >
          <Stack gap="xs" h="100%">
            <Title order={2} fz="lg" id={`svc-${service.id}`}>
              {service.title}
            </Title>
            <Text size="xs" c="dimmed">
              {t('content.services.provider', { provider: service.provider })}
            </Text>
            <Text size="sm" style={{ flexGrow: 1 }}>
              {service.summary}
            </Text>
            {service.price && (
              // Text, not a badge: a marketing price is a sentence ("29,000 CZK + 3,900 CZK per extra country")
              // that a badge would cut off and shout in capitals.
              <Text
                size="sm"
                fw={600}
                c="teal.9"
                bg="teal.0"
                px="sm"
                py={4}
                style={{ borderRadius: 'var(--mantine-radius-sm)', alignSelf: 'flex-start' }}
              >
                {service.price}
              </Text>
            )}
            <DetailLink area={area} service={service}>
              {t('content.services.more', { title: service.title })}
            </DetailLink>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A service's own page: its description, price and, in the portal, the page it leads to. */
export function ServiceDetail({ service, area }: { service: ServiceData; area: ServiceArea }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={820}>
      <Text c="dimmed" size="sm">
        {t('content.services.provider', { provider: service.provider })}
      </Text>
      <Text fw={500}>{service.summary}</Text>
      {service.body && (
        <Typography>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list when an operator saved it */}
          <div dangerouslySetInnerHTML={{ __html: service.body }} />
        </Typography>
      )}
      {service.price && (
        <Group gap="xs">
          <Text fw={600}>{t('content.services.price')}:</Text>
          <Text>{service.price}</Text>
        </Group>
      )}
      <Group gap="sm">
        {area === 'portal' ? (
          <>
            <Button component={Link} to="/services" variant="default" leftSection={<IconArrowLeft size={16} />}>
              {t('content.services.back')}
            </Button>
            {service.link && (
              <Button
                renderRoot={(props) => <Link {...props} to={service.link as '/financing'} />}
                rightSection={<IconArrowRight size={16} />}
              >
                {t('content.services.open')}
              </Button>
            )}
          </>
        ) : (
          <>
            <Button component={Link} to="/offer/services" variant="default" leftSection={<IconArrowLeft size={16} />}>
              {t('content.services.back')}
            </Button>
            <Button component={Link} to="/login">
              {t('content.services.signIn')}
            </Button>
          </>
        )}
      </Group>
      {area === 'public' && (
        <Text size="sm" c="dimmed">
          {t('content.services.signInToUse')}
        </Text>
      )}
    </Stack>
  );
}

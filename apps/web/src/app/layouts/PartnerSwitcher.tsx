import { isShopId, MARKETS } from '@pp/domain';
import { Badge, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconSelector } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PartnerSummary } from '../../features/auth/operations';

function marketCode(shopId: string): string {
  return isShopId(shopId) ? MARKETS[shopId].shortCode : shopId;
}

/**
 * Lists the account's partners; choosing one goes through /switch-partner/{id}, which resets the data. The
 * button's name is its visible text ("Partner", the partner, the market), so screen readers hear the
 * selected partner too.
 */
export function PartnerSwitcher({
  partners,
  selected,
}: {
  partners: readonly PartnerSummary[];
  selected: PartnerSummary | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const single = partners.length <= 1;
  return (
    <Menu position="bottom-start" width={320} shadow="md" disabled={single}>
      <Menu.Target>
        <UnstyledButton
          data-testid="partner-switcher"
          px="sm"
          py={6}
          miw={0}
          maw={400}
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            border: '1px solid var(--mantine-color-gray-3)',
            flex: '0 1 auto',
          }}
        >
          <Group gap="xs" wrap="nowrap">
            <Stack gap={0} miw={0} style={{ flex: '1 1 auto' }}>
              <Text size="xs" c="dimmed" lh={1.2}>
                {t('layout.partnerSwitcher.label')}
              </Text>
              <Text size="sm" fw={600} truncate data-testid="selected-partner">
                {selected?.partnerName ?? '—'}
              </Text>
            </Stack>
            {selected && (
              <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
                {marketCode(selected.shopId)}
              </Badge>
            )}
            {!single && (
              <IconSelector size={16} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} aria-hidden />
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('layout.partnerSwitcher.title')}</Menu.Label>
        {partners.map((partner) => (
          <Menu.Item
            key={partner.id}
            data-testid={`partner-option-${partner.id}`}
            rightSection={
              partner.id === selected?.id ? <IconCheck size={16} color="var(--mantine-color-teal-6)" /> : null
            }
            onClick={() => void navigate({ to: '/switch-partner/$partnerId', params: { partnerId: partner.id } })}
          >
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" truncate>
                {partner.partnerName}
              </Text>
              <Badge size="xs" variant="outline">
                {marketCode(partner.shopId)}
              </Badge>
            </Group>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

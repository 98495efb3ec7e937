import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The way back from a cockpit page to the partner grid, where an operator starts. */
export function BackToPartners() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/cockpit" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('cockpit.brandRequests.backToPartners')}
      </Group>
    </Anchor>
  );
}

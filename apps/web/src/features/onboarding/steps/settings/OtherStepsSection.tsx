import { Anchor, List } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SectionCard } from './SectionCard';

/** Where the rest of the set-up happens: the product import and the feeds. Not judged by the checklist. */
export function OtherStepsSection() {
  const { t } = useTranslation();
  const links = [
    { to: '/products', key: 'products' },
    { to: '/mall-feed', key: 'mallFeed' },
    { to: '/heureka-feed', key: 'heurekaFeed' },
    { to: '/partner', key: 'partner' },
  ] as const;
  return (
    <SectionCard id="other" title={t('onboarding.other.title')} intro={t('onboarding.other.intro')} done={null}>
      <List spacing="xs" size="sm">
        {links.map((link) => (
          <List.Item key={link.key}>
            <Anchor component={Link} to={link.to}>
              {t(`onboarding.other.links.${link.key}.label`)}
            </Anchor>{' '}
            — {t(`onboarding.other.links.${link.key}.description`)}
          </List.Item>
        ))}
      </List>
    </SectionCard>
  );
}

import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The host of an address, what tells an operator whose system it is; the address itself when it has none. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** A partner in the operators' lists: its name opens its detail, its id and shop beneath. */
export function PartnerCell({ row }: { row: { partnerId: string; partnerName: string; shopId: string } }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Anchor
        renderRoot={(props) => (
          <Link {...props} to="/cockpit/partners/$partnerId" params={{ partnerId: row.partnerId }} />
        )}
        size="sm"
        fw={600}
      >
        {row.partnerName}
      </Anchor>
      <Text size="xs" c="dimmed">
        {t('cockpitLists.partnerId', { id: row.partnerId })} · {row.shopId}
      </Text>
    </Stack>
  );
}

/** An address shown by its host; the whole address in its title (on hover). */
export function UrlHostCell({ url }: { url: string | null }) {
  if (!url) return <>—</>;
  const host = hostOf(url);
  return (
    <Text size="sm" title={url} style={{ overflowWrap: 'anywhere' }} data-testid="url-host">
      {host}
    </Text>
  );
}

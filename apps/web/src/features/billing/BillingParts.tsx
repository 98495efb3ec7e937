import { Anchor, Box, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/api/apiError';
import { downloadStoredFile } from '../../app/api/files';
import { useFormat } from '../../app/i18n/format';
import { flash } from '../../ui/flash';
import { countryName } from '../orders/orderLabels';
import type { BillingPartyData } from './operations';

/** The way back from a detail to its tab. */
export function BackLink({ to, label }: { to: '/billings' | '/billings/offsets'; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

/** One fact of a document: its label above its value (a column of them stacks on a phone). */
export function Term({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
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

/** A party of a document as printed on it: name, address, numbers and, for a supplier, the bank. */
export function PartyCard({ title, party, testId }: { title: string; party: BillingPartyData; testId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { address, bank } = party;
  const line = (label: string, value: string | null | undefined) =>
    value ? (
      <Text size="sm">
        <Text span c="dimmed">
          {label}:
        </Text>{' '}
        {value}
      </Text>
    ) : null;
  return (
    <Card withBorder padding="md" data-testid={testId} component="section" aria-label={title}>
      <Stack gap={4}>
        <Title order={3} fz="md">
          {title}
        </Title>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {party.name}
        </Text>
        <Text size="sm">{address.street}</Text>
        <Text size="sm">
          {[address.zip, address.city].filter(Boolean).join(' ')}
          {address.country ? `, ${countryName(address.country, format.locale)}` : ''}
        </Text>
        {line(t('billing.party.registrationNumber'), party.registrationNumber)}
        {line(t('billing.party.taxIdentification'), party.taxIdentification)}
        {line(t('billing.party.vatNumber'), party.vatNumber)}
        {party.note && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {party.note}
          </Text>
        )}
        {bank && (bank.bankAccount || bank.iban) && (
          <Stack gap={2} mt="xs" data-testid={`${testId}-bank`}>
            <Text size="sm" fw={600}>
              {t('billing.party.bank')}
            </Text>
            {line(t('billing.party.bankName'), bank.bankName)}
            {line(t('billing.party.bankAccount'), bank.bankAccount)}
            {line(t('billing.party.iban'), bank.iban)}
            {line(t('billing.party.swift'), bank.swift)}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** A button that fetches a billing file with the session and hands it to the browser. */
export function DownloadButton({
  path,
  fileName,
  label,
  accessibleName,
  testId,
}: {
  path: string;
  fileName: string;
  label: string;
  /** The button's name when its label alone would repeat on the page ("PDF" of the document and of the overview). */
  accessibleName?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      aria-label={accessibleName}
      data-testid={testId}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadStoredFile(path, fileName);
        } catch (error) {
          flash.error(`${t('billing.download.failed')} ${errorMessage(error, t)}`);
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}

/**
 * A table that scrolls sideways inside itself on a phone: the region is named and focusable, so a keyboard
 * can scroll it too (axe scrollable-region-focusable), and the table carries its caption.
 */
export function ScrollTable({
  label,
  minWidth,
  children,
  testId,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }} data-testid={testId}>
      <Table miw={minWidth} striped verticalSpacing="xs" fz="sm">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} fw={600} c="var(--mantine-color-text)">
          {label}
        </Table.Caption>
        {children}
      </Table>
    </Box>
  );
}

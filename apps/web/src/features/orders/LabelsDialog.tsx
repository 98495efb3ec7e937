import { LABEL_FORMATS, LABEL_ORDERS_MAX, type LabelFormat, type LabelsPerPage } from '@pp/domain';
import { Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { postForFile } from '../../app/api/files';

/**
 * Prints the labels of the chosen orders: one per parcel, as a PDF (one A6 label per page, or four per A4
 * sheet starting at a chosen quarter, to use up a half-used sheet) or as ZPL for a thermal printer.
 */
export function LabelsDialog({
  orderIds,
  opened,
  onClose,
}: {
  orderIds: string[];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<LabelFormat>('pdf');
  const [perPage, setPerPage] = useState<LabelsPerPage>(1);
  const [firstPosition, setFirstPosition] = useState(1);

  const print = useMutation({
    mutationFn: () =>
      postForFile(
        '/api/orders/labels',
        {
          orderIds: orderIds.map(Number),
          format,
          labelsPerPage: format === 'pdf' ? perPage : 1,
          firstPosition: format === 'pdf' && perPage === 4 ? firstPosition : 1,
        },
        `labels.${format}`,
      ),
    onSuccess: () => {
      flash.success(t('orders.labels.done'));
      onClose();
    },
    onError: (error) => flash.error(`${t('orders.labels.error')} ${errorMessage(error, t)}`),
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('orders.labels.dialogTitle')} centered>
      <Stack gap="md" data-testid="labels-dialog">
        <Text size="sm">{t('orders.labels.selected', { n: orderIds.length })}</Text>
        {orderIds.length > LABEL_ORDERS_MAX && (
          <Text size="sm" c="red" role="alert">
            {t('orders.labels.tooMany', { max: LABEL_ORDERS_MAX })}
          </Text>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('orders.labels.format')}
          </Text>
          <SegmentedControl
            value={format}
            onChange={(value) => setFormat(value as LabelFormat)}
            data={LABEL_FORMATS.map((f) => ({ value: f, label: t(`orders.labels.formats.${f}`) }))}
            data-testid="labels-format"
          />
        </Stack>
        {format === 'pdf' && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('orders.labels.perPage')}
            </Text>
            <SegmentedControl
              value={String(perPage)}
              onChange={(value) => setPerPage(Number(value) as LabelsPerPage)}
              data={[
                { value: '1', label: t('orders.labels.onePerPage') },
                { value: '4', label: t('orders.labels.fourPerPage') },
              ]}
              data-testid="labels-per-page"
            />
          </Stack>
        )}
        {format === 'pdf' && perPage === 4 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('orders.labels.firstPosition')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('orders.labels.firstPositionHelp')}
            </Text>
            {/* The A4 sheet as it lies on the table: the quarter where printing starts. */}
            <SimpleGrid cols={2} spacing={4} w={160} role="radiogroup" aria-label={t('orders.labels.firstPosition')}>
              {[1, 2, 3, 4].map((position) => (
                <UnstyledButton
                  key={position}
                  role="radio"
                  aria-checked={firstPosition === position}
                  onClick={() => setFirstPosition(position)}
                  data-testid={`labels-position-${position}`}
                  style={{
                    height: 56,
                    border: '1px solid var(--mantine-color-gray-5)',
                    borderRadius: 4,
                    textAlign: 'center',
                    background:
                      position < firstPosition
                        ? 'var(--mantine-color-gray-2)'
                        : position === firstPosition
                          ? 'var(--mantine-color-blue-1)'
                          : undefined,
                  }}
                >
                  {position}
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </Stack>
        )}
        {print.isError && <ErrorAlert error={print.error} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            leftSection={<IconPrinter size={16} />}
            loading={print.isPending}
            disabled={orderIds.length === 0 || orderIds.length > LABEL_ORDERS_MAX}
            onClick={() => print.mutate()}
            data-testid="labels-print"
          >
            {t('orders.labels.print')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

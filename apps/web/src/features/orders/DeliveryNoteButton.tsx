import { Button } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { flash } from '../../ui/flash';
import { downloadStoredFile } from '../../app/api/files';
import { OrderDeliveryNoteMutation } from './toolsOperations';

/** How long the page waits for the made note before it says something went wrong. */
const WAIT_MS = 60_000;

interface DeliveryNoteEvent {
  orderId?: string;
  status?: 'END' | 'ERROR';
  downloadPath?: string;
  fileName?: string;
  code?: string;
}

/**
 * Asks for the order's delivery note, which a job makes: the button stays busy until the stream brings the
 * finished file (then it downloads) or the failure (then it says why), spec §4.
 */
export function DeliveryNoteButton({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState(false);
  const waitingRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = () => {
    waitingRef.current = false;
    setWaiting(false);
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  // Leaving the page forgets the wait; the timer must not fire into an unmounted button.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useStreamEvent<DeliveryNoteEvent>('portal_delivery_note_pdf', (event) => {
    const data = event.data;
    if (!waitingRef.current || data?.orderId !== orderId) return;
    stop();
    if (data.status === 'END' && data.downloadPath) {
      downloadStoredFile(data.downloadPath, data.fileName ?? `delivery-note-${orderId}.pdf`).catch((error) =>
        flash.error(`${t('orders.deliveryNote.error')} ${errorMessage(error, t)}`),
      );
      return;
    }
    const reason = data.code ? t(`errors.${data.code}`, { defaultValue: t('errors.UNKNOWN') }) : t('errors.UNKNOWN');
    flash.error(`${t('orders.deliveryNote.error')} ${reason}`);
  });

  const request = async () => {
    waitingRef.current = true;
    setWaiting(true);
    timer.current = setTimeout(() => {
      if (!waitingRef.current) return;
      stop();
      flash.error(t('orders.deliveryNote.timeout'));
    }, WAIT_MS);
    try {
      await api.request(OrderDeliveryNoteMutation, { orderId });
    } catch (error) {
      stop();
      flash.error(`${t('orders.deliveryNote.error')} ${errorMessage(error, t)}`);
    }
  };

  return (
    <Button
      variant="default"
      leftSection={<IconFileText size={16} />}
      loading={waiting}
      onClick={request}
      data-testid="delivery-note"
    >
      {t('orders.deliveryNote.button')}
    </Button>
  );
}

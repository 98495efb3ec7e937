import type { Currency, ShopId } from '@pp/domain';
import { Modal } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MethodDraft } from './draft';
import { MethodForm } from './MethodForm';

/** The method form in a dialog (onboarding step 3): the same form as the detail page, closed by its own rules. */
export function MethodDialog({
  id,
  initial,
  shopId,
  currency,
  onClose,
}: {
  id: string | null;
  initial: MethodDraft;
  shopId: ShopId;
  currency: Currency;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const closeRef = useRef<(() => void) | null>(null);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={() => (closeRef.current ? closeRef.current() : onClose())}
      title={id ? t('deliveries.editTitle') : t('deliveries.addTitle')}
      size="xl"
      centered
    >
      <MethodForm
        id={id}
        initial={initial}
        shopId={shopId}
        currency={currency}
        onSaved={onClose}
        onCancel={onClose}
        closeRef={closeRef}
      />
    </Modal>
  );
}

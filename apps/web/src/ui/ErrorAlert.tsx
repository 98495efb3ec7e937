import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../app/api/apiError';

export function ErrorAlert({ error, title }: { error: unknown; title?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title={title}
      role="alert"
      data-testid="error-alert"
    >
      {errorMessage(error, t)}
    </Alert>
  );
}

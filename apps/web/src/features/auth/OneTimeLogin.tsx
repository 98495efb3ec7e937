import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isAbortError } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';

/**
 * A one-time link that is unknown, used or past its time: the user needs a new link, not "incorrect access
 * data" (the server answers BAD_CREDENTIALS for unknown and used links, EXPIRED for old ones).
 */
export function isDeadLink(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'BAD_CREDENTIALS' || error.code === 'EXPIRED');
}

/**
 * Shared by the token login and the administrator's remote login: both spend a one-time link once, show
 * progress, and on failure say why and offer the login page.
 */
export function OneTimeLogin({ route, run }: { route: string; run: () => Promise<string> }) {
  const { t } = useTranslation();
  useDocumentTitle(route);
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  // The link's token can be used once; a second effect run (React strict mode) must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run()
      .then((target) => navigate({ href: target, replace: true }))
      .catch((e: unknown) => {
        if (!isAbortError(e)) setError(e);
      });
  }, [run, navigate]);

  return (
    <Stack gap="lg" align="center" ta="center" py="md">
      <Title order={1} fz={24}>
        {t(`routes.${route}`)}
      </Title>
      {error ? (
        <>
          {isDeadLink(error) ? (
            <Alert color="red" variant="light" role="alert" data-testid="dead-link">
              {t('auth.oneTimeLogin.deadLink')}
            </Alert>
          ) : (
            <ErrorAlert error={error} />
          )}
          <Button component={Link} to="/login" variant="light" data-testid="back-to-login">
            {t('common.goToLogin')}
          </Button>
        </>
      ) : (
        <>
          <Loader />
          <Text c="dimmed">{t('auth.oneTimeLogin.working')}</Text>
        </>
      )}
    </Stack>
  );
}

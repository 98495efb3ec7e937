import { passkeyNameSchema, totpCodeSchema } from '@pp/domain';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  List,
  Modal,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError } from '../../app/api/apiError';
import { SESSION_QUERY_KEY } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import {
  PasskeyRegisterMutation,
  PasskeyRegistrationOptionsMutation,
  PasskeyRemoveMutation,
  RecoveryCodesRegenerateMutation,
  TotpConfirmMutation,
  TotpDisableMutation,
  TotpStartMutation,
  TwoFactorStatusQuery,
} from '../auth/twoFactorOperations';

const STATUS_KEY = ['twoFactorStatus'];

/**
 * The account's second factors (issue 24), in the profile and on the forced set-up page: the authenticator app,
 * the recovery codes, the passkeys. Recovery codes are shown once, when they are made.
 */
export function SecuritySection({ onEnrolled, narrow = false }: { onEnrolled?: () => void; narrow?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => api.request(TwoFactorStatusQuery, {}) });
  const [codes, setCodes] = useState<string[] | null>(null);
  const changed = async (recoveryCodes?: string[] | null) => {
    if (recoveryCodes?.length) setCodes(recoveryCodes);
    await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
  const state = status.data?.twoFactorStatus;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-labelledby="security-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="security-title">
            {t('twoFactor.security.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('twoFactor.security.intro')}
          </Text>
        </Stack>
        {status.isError && <ErrorAlert error={status.error} />}
        {state?.required && state.enrolled && (
          <Alert variant="light" color="blue">
            {t('twoFactor.security.required')}
          </Alert>
        )}
        {codes ? (
          <RecoveryCodes
            codes={codes}
            onDone={() => {
              setCodes(null);
              onEnrolled?.();
            }}
          />
        ) : (
          state && (
            <SimpleGrid cols={narrow ? 1 : { base: 1, md: 2 }} spacing="lg">
              <TotpPanel enabled={state.totpEnabled} onChanged={changed} onEnrolledWithoutCodes={onEnrolled} />
              <PasskeysPanel passkeys={state.passkeys} onChanged={changed} onEnrolledWithoutCodes={onEnrolled} />
              {state.enrolled && <RecoveryPanel left={state.recoveryCodesLeft} onChanged={changed} />}
            </SimpleGrid>
          )
        )}
      </Stack>
    </Paper>
  );
}

function Panel({ title, status, children }: { title: string; status?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Title order={3} fz="md">
          {title}
        </Title>
        {status}
      </Group>
      {children}
    </Stack>
  );
}

function OnOff({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={on ? 'green' : 'gray'} variant="light">
      {on ? t('twoFactor.security.on') : t('twoFactor.security.off')}
    </Badge>
  );
}

function TotpPanel({
  enabled,
  onChanged,
  onEnrolledWithoutCodes,
}: {
  enabled: boolean;
  onChanged: (codes?: string[] | null) => Promise<void>;
  onEnrolledWithoutCodes?: () => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const start = useMutation({ mutationFn: () => api.request(TotpStartMutation, {}).then((r) => r.twoFactorTotpStart) });
  const disable = useMutation({
    mutationFn: (password: string) => api.request(TotpDisableMutation, { password }),
    onSuccess: async () => {
      setAsking(false);
      flash.success(t('twoFactor.security.totpDisabled'));
      await onChanged();
    },
  });

  if (start.data && !enabled) {
    return (
      <Panel title={t('twoFactor.security.totpTitle')}>
        <TotpEnrolment
          secret={start.data.secret}
          uri={start.data.uri}
          onCancel={() => start.reset()}
          onDone={async (codes) => {
            start.reset();
            flash.success(t('twoFactor.security.totpEnabled'));
            await onChanged(codes);
            if (!codes?.length) onEnrolledWithoutCodes?.();
          }}
        />
      </Panel>
    );
  }
  return (
    <Panel title={t('twoFactor.security.totpTitle')} status={<OnOff on={enabled} />}>
      {start.isError && <ErrorAlert error={start.error} />}
      <Group>
        {enabled ? (
          <Button variant="default" color="red" onClick={() => setAsking(true)} data-testid="totp-disable">
            {t('twoFactor.security.totpDisable')}
          </Button>
        ) : (
          <Button onClick={() => start.mutate()} loading={start.isPending} data-testid="totp-enable">
            {t('twoFactor.security.totpEnable')}
          </Button>
        )}
      </Group>
      <PasswordPrompt
        opened={asking}
        onClose={() => {
          setAsking(false);
          disable.reset();
        }}
        error={disable.error}
        pending={disable.isPending}
        onConfirm={(password) => disable.mutate(password)}
      />
    </Panel>
  );
}

function TotpEnrolment({
  secret,
  uri,
  onCancel,
  onDone,
}: {
  secret: string;
  uri: string;
  onCancel: () => void;
  onDone: (codes: string[] | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(uri, { margin: 1, width: 200 }).then((url) => {
        if (live) setQr(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  const confirm = useMutation({
    mutationFn: (value: string) =>
      api.request(TotpConfirmMutation, { code: value }).then((r) => r.twoFactorTotpConfirm),
    onSuccess: (codes) => onDone(codes ?? null),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setFieldError(t(`validation.${parsed.error.issues[0]?.message ?? 'invalid'}`));
      return;
    }
    setFieldError(null);
    confirm.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="totp-enrolment">
      <Stack gap="sm">
        <Text size="sm">{t('twoFactor.security.scan')}</Text>
        {qr && <Image src={qr} alt={t('twoFactor.security.qrAlt')} w={200} h={200} />}
        <Stack gap={2}>
          <Text size="sm" fw={500} id="totp-secret-label">
            {t('twoFactor.security.secret')}
          </Text>
          <Code aria-labelledby="totp-secret-label" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
        </Stack>
        {confirm.isError && <ErrorAlert error={confirm.error} />}
        <TextInput
          label={t('twoFactor.security.confirmCode')}
          name="one-time-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={fieldError}
          aria-invalid={fieldError ? true : undefined}
          withAsterisk
          maw={240}
        />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            {t('twoFactor.security.confirm')}
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            {t('twoFactor.security.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="recovery-codes">
      <Title order={3} fz="md">
        {t('twoFactor.security.recoveryTitle')}
      </Title>
      <Alert variant="light" color="orange">
        {t('twoFactor.security.recoveryShown')}
      </Alert>
      <List listStyleType="none" spacing={4} ff="monospace">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <Button onClick={onDone}>{t('twoFactor.security.recoveryDone')}</Button>
      </Group>
    </Stack>
  );
}

function RecoveryPanel({ left, onChanged }: { left: number; onChanged: (codes?: string[] | null) => Promise<void> }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const regenerate = useMutation({
    mutationFn: () => api.request(RecoveryCodesRegenerateMutation, {}).then((r) => r.twoFactorRecoveryCodesRegenerate),
    onSuccess: async (codes) => {
      setConfirming(false);
      await onChanged(codes);
    },
  });
  return (
    <Panel title={t('twoFactor.security.recoveryTitle')}>
      <Text size="sm">{t('twoFactor.security.recoveryLeft', { count: left })}</Text>
      {regenerate.isError && <ErrorAlert error={regenerate.error} />}
      {confirming ? (
        <Stack gap="xs">
          <Text size="sm">{t('twoFactor.security.recoveryRegenerateConfirm')}</Text>
          <Group>
            <Button onClick={() => regenerate.mutate()} loading={regenerate.isPending}>
              {t('twoFactor.security.recoveryRegenerate')}
            </Button>
            <Button variant="subtle" onClick={() => setConfirming(false)}>
              {t('twoFactor.security.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button variant="default" onClick={() => setConfirming(true)}>
            {t('twoFactor.security.recoveryRegenerate')}
          </Button>
        </Group>
      )}
    </Panel>
  );
}

interface PasskeyRow {
  id: string;
  name: string;
  createdAt: unknown;
  lastUsedAt: unknown;
}

function PasskeysPanel({
  passkeys,
  onChanged,
  onEnrolledWithoutCodes,
}: {
  passkeys: readonly PasskeyRow[];
  onChanged: (codes?: string[] | null) => Promise<void>;
  onEnrolledWithoutCodes?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PasskeyRow | null>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const add = useMutation({
    mutationFn: async (label: string) => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const { passkeyRegistrationOptions } = await api.request(PasskeyRegistrationOptionsMutation, {});
      const response = await startRegistration({ optionsJSON: JSON.parse(passkeyRegistrationOptions) });
      const { passkeyRegister } = await api.request(PasskeyRegisterMutation, {
        name: label,
        response: JSON.stringify(response),
      });
      return passkeyRegister;
    },
    onSuccess: async (result) => {
      setName('');
      flash.success(t('twoFactor.security.passkeyAdded'));
      await onChanged(result.recoveryCodes);
      if (!result.recoveryCodes?.length) onEnrolledWithoutCodes?.();
    },
  });
  const remove = useMutation({
    mutationFn: (input: { id: string; password: string }) => api.request(PasskeyRemoveMutation, input),
    onSuccess: async () => {
      setRemoving(null);
      flash.success(t('twoFactor.security.passkeyRemoved'));
      await onChanged();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(t(`validation.${parsed.error.issues[0]?.message ?? 'invalid'}`, { max: 60 }));
      return;
    }
    setNameError(null);
    add.mutate(parsed.data);
  };
  const date = (value: unknown) => new Date(String(value)).toLocaleDateString(i18n.language);

  return (
    <Panel title={t('twoFactor.security.passkeysTitle')} status={<OnOff on={passkeys.length > 0} />}>
      {passkeys.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('twoFactor.security.passkeysNone')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="passkey-list">
          {passkeys.map((key) => (
            <Group key={key.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {key.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('twoFactor.security.passkeyCreated', { date: date(key.createdAt) })}
                  {key.lastUsedAt
                    ? ` · ${t('twoFactor.security.passkeyLastUsed', { date: date(key.lastUsedAt) })}`
                    : ''}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="default"
                onClick={() => setRemoving(key)}
                aria-label={`${t('twoFactor.security.passkeyRemove')}: ${key.name}`}
              >
                {t('twoFactor.security.passkeyRemove')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {!supported ? (
        <Text size="sm" c="dimmed">
          {t('twoFactor.security.passkeyUnsupported')}
        </Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            {add.isError &&
              (add.error instanceof ApiError ? (
                <ErrorAlert error={add.error} />
              ) : (
                <Alert color="red" variant="light" role="alert">
                  {t('twoFactor.security.passkeyCancelled')}
                </Alert>
              ))}
            <TextInput
              label={t('twoFactor.security.passkeyName')}
              placeholder={t('twoFactor.security.passkeyNamePlaceholder')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={nameError}
              aria-invalid={nameError ? true : undefined}
              withAsterisk
              maw={320}
            />
            <Group>
              <Button type="submit" variant="light" loading={add.isPending}>
                {t('twoFactor.security.passkeyAdd')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <PasswordPrompt
        opened={removing !== null}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        error={remove.error}
        pending={remove.isPending}
        onConfirm={(password) => removing && remove.mutate({ id: removing.id, password })}
      />
    </Panel>
  );
}

function PasswordPrompt({
  opened,
  onClose,
  onConfirm,
  error,
  pending,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: (password: string) => void;
  error: unknown;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (!opened) setPassword('');
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('twoFactor.security.passwordTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (password) onConfirm(password);
        }}
        noValidate
      >
        <Stack gap="sm">
          {Boolean(error) && <ErrorAlert error={error} />}
          <PasswordInput
            label={t('twoFactor.security.password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            withAsterisk
            data-autofocus
            visibilityToggleButtonProps={{ 'aria-label': t('auth.login.togglePassword') }}
          />
          <Group justify="flex-end">
            <Button variant="subtle" onClick={onClose}>
              {t('twoFactor.security.cancel')}
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {t('twoFactor.security.passwordConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

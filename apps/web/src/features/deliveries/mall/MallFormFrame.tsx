import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../app/api/apiError';
import { type Permission, usePermission } from '../../../app/session/permission';
import { useModuleOffReason } from '../../../app/session/serviceModules';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import { PermissionGate } from '../../../ui/PermissionGate';
import { UnsavedChangesGuard } from '../../../ui/UnsavedChanges';
import { useFormFields } from '../../../ui/useFormFields';
import { MallTabs } from './MallTabs';
import { MALL_DELIVERY_KEY, type MallDeliveryData } from './operations';
import { refreshMall, useMallDelivery } from './useMallDelivery';

/**
 * A MALL Delivery settings page (classic, Spectrum): the tabs and the title over what the partner's MALL
 * Delivery holds, once it has loaded.
 */
export function MallSettingsPage({
  title,
  children,
}: {
  title: string;
  children: (data: MallDeliveryData) => ReactNode;
}) {
  const mall = useMallDelivery();
  if (mall.error) return <ErrorAlert error={mall.error} />;
  if (!mall.data) return <Skeleton h={320} />;
  return (
    <Stack gap="lg">
      <MallTabs />
      <Title order={2} size="h3">
        {title}
      </Title>
      {children(mall.data)}
    </Stack>
  );
}

/**
 * The state of a MALL Delivery settings form: the values read from the stored settings (and read again when
 * another tab or colleague saves, unless this form holds unsaved changes), the save that puts the answer in
 * the cache and says so, and the server's field messages put on the fields (anything else as a flash).
 */
export function useMallSettingsForm<V extends Record<string, string>>({
  data,
  valuesOf,
  send,
  savedText,
  fieldErrorsOf,
}: {
  data: MallDeliveryData;
  valuesOf: (data: MallDeliveryData) => V;
  send: (values: V) => Promise<MallDeliveryData>;
  savedText: string;
  fieldErrorsOf: (error: ApiError) => Partial<Record<keyof V, string>>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canUpdate = usePermission('deliveries', 'update');
  const fields = useFormFields<V>(valuesOf(data));
  const { dirty, reset, markSaved, setErrors } = fields;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new server state resets the form
  useEffect(() => {
    if (!dirty) reset(valuesOf(data));
  }, [data]);
  const save = useMutation({
    mutationFn: send,
    onSuccess: (result, values) => {
      markSaved(values);
      queryClient.setQueryData(MALL_DELIVERY_KEY, result);
      refreshMall(queryClient);
      flash.success(savedText);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length) setErrors(fieldErrorsOf(error));
      else flash.error(errorMessage(error, t));
    },
  });
  return { ...fields, save, canUpdate };
}

/**
 * The frame of a MALL Delivery settings form: the refusal that keeps it read-only (said above the fields),
 * the fields, the unsaved-changes guard and the save bar, gated by the permission, the refusal and the
 * partner's MALL Delivery module.
 */
export function MallSettingsForm({
  formRef,
  label,
  notice,
  onSubmit,
  dirty,
  saving,
  canUpdate,
  saveDisabled,
  saveLabel,
  saveTestId,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  label: string;
  notice?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  dirty: boolean;
  saving: boolean;
  canUpdate: Permission;
  saveDisabled: boolean;
  saveLabel: string;
  saveTestId: string;
  children: ReactNode;
}) {
  // An operator may switch the partner's MALL Delivery module off: its settings are then read-only.
  const offReason = useModuleOffReason('marketplaceDelivery');
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {offReason && (
          <Text size="sm" c="orange.9" data-testid="mall-module-off">
            {offReason}
          </Text>
        )}
        {notice}
        {children}
        <UnsavedChangesGuard dirty={dirty && !saving} />
        <Group justify="flex-end">
          <PermissionGate permission={canUpdate}>
            <Button
              type="submit"
              loading={saving}
              disabled={saveDisabled || offReason !== null}
              data-testid={saveTestId}
            >
              {saveLabel}
            </Button>
          </PermissionGate>
        </Group>
      </Stack>
    </form>
  );
}

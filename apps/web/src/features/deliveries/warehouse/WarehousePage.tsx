import {
  CALENDAR_COUNTRIES,
  CALENDAR_TYPES,
  type CalendarCountry,
  isCalendarCountry,
  SUPPLY_DELAY_MAX,
  SUPPLY_DELAY_MIN,
  warehouseSettingsSchema,
} from '@pp/domain';
import {
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage, fieldErrors } from '../../../app/api/apiError';
import { usePermission } from '../../../app/session/permission';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import type { FormSchema } from '../../../ui/formErrors';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { PermissionGate } from '../../../ui/PermissionGate';
import { UnsavedChangesGuard } from '../../../ui/UnsavedChanges';
import { useFormFields } from '../../../ui/useFormFields';
import { CalendarPreview } from './CalendarPreview';
import { WAREHOUSE_KEY, type WarehouseSettingsData, WarehouseSettingsUpdateMutation } from './operations';
import { useWarehouseSettings } from './useWarehouseSettings';

type Values = {
  calendarCountry: string;
  calendarType: string;
  supplyDelayFrom: string;
  supplyDelayTo: string;
  carrierCloseTime: string;
  postponementEnabled: string;
  codPaymentDisabled: string;
};
type Field = keyof Values;

function valuesOf(s: WarehouseSettingsData): Values {
  return {
    calendarCountry: s.calendarCountry,
    calendarType: s.calendarType,
    supplyDelayFrom: String(s.supplyDelayFrom),
    supplyDelayTo: String(s.supplyDelayTo),
    carrierCloseTime: s.carrierCloseTime,
    postponementEnabled: String(s.postponementEnabled),
    codPaymentDisabled: String(s.codPaymentDisabled),
  };
}

function inputOf(v: Values) {
  return {
    ...v,
    postponementEnabled: v.postponementEnabled === 'true',
    codPaymentDisabled: v.codPaymentDisabled === 'true',
  };
}

/** The domain's rule read over the form's text values: the same check the server makes. */
const formSchema: FormSchema<ReturnType<typeof warehouseSettingsSchema.parse>> = {
  safeParse: (values) => warehouseSettingsSchema.safeParse(inputOf(values as Values)),
};

/** deliveries/warehouse: the working-day calendar and dispatch settings that date every order. */
export function WarehousePage() {
  const { t } = useTranslation();
  useDocumentTitle('deliveriesWarehouse');
  const settings = useWarehouseSettings();
  if (settings.error) return <ErrorAlert error={settings.error} />;
  if (!settings.data) return <Skeleton h={320} />;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('deliveries.warehouse.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('deliveries.warehouse.intro')}
        </Text>
      </Stack>
      <WarehouseForm settings={settings.data} />
      <MarketplaceFlags settings={settings.data} />
    </Stack>
  );
}

function WarehouseForm({ settings }: { settings: WarehouseSettingsData }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canUpdate = usePermission('deliveries', 'update');
  const { values, setValues, errors, setErrors, set, formRef, dirty, markSaved, reset, validate } =
    useFormFields<Values>(valuesOf(settings));
  // A save elsewhere (another tab, a colleague) arrives as new data: it is the saved state unless edited here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only new server data resets the form
  useEffect(() => {
    if (!dirty) reset(valuesOf(settings));
  }, [settings]);
  const save = useMutation({
    mutationFn: (input: Values) => api.request(WarehouseSettingsUpdateMutation, { input: toRequest(input) }),
    onSuccess: ({ warehouseSettingsUpdate }) => {
      const next = valuesOf(warehouseSettingsUpdate);
      markSaved(next);
      setValues(next);
      queryClient.setQueryData(WAREHOUSE_KEY, warehouseSettingsUpdate);
      flash.success(t('deliveries.warehouse.saved'));
    },
    onError: (error) => {
      setErrors(fieldErrors(error, t) as Partial<Record<Field, string>>);
      flash.error(`${t('deliveries.warehouse.error')} ${errorMessage(error, t)}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canUpdate.allowed) return;
    if (validate(formSchema, t)) save.mutate(values);
  };
  const choose = (field: Field) => (value: string | null) => {
    setValues((v) => ({ ...v, [field]: value ?? '' }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const toggle = (field: Field) => (event: { currentTarget: { checked: boolean } }) => {
    const checked = event.currentTarget.checked;
    setValues((v) => ({ ...v, [field]: String(checked) }));
  };
  const readOnly = !canUpdate.allowed;
  const bounds = { 0: SUPPLY_DELAY_MIN, 1: SUPPLY_DELAY_MAX };
  /** What every setting's field shares: its label, its hint, its message, read-only without the permission. */
  const common = (field: Field, hint: string = field) => ({
    label: t(`deliveries.warehouse.fields.${field}`),
    description: t(`deliveries.warehouse.hints.${hint}`, bounds),
    error: errors[field],
    readOnly,
  });
  const text = (field: Field, hint?: string) => ({
    ...common(field, hint),
    value: values[field],
    onChange: set(field),
    inputMode: 'numeric' as const,
    required: true,
  });
  const select = (field: Field) => ({
    ...common(field),
    value: values[field],
    onChange: choose(field),
    allowDeselect: false,
    required: true,
  });
  const toggleProps = (field: Field) => ({
    label: t(`deliveries.warehouse.fields.${field}`),
    description: t(`deliveries.warehouse.hints.${field}`),
    checked: values[field] === 'true',
    onChange: toggle(field),
    disabled: readOnly,
  });
  const country: CalendarCountry = isCalendarCountry(values.calendarCountry) ? values.calendarCountry : 'CZ';
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t('deliveries.warehouse.title')}>
      <UnsavedChangesGuard dirty={dirty && !save.isPending} />
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={3} size="h4">
              {t('deliveries.warehouse.calendar')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                {...select('calendarCountry')}
                data={CALENDAR_COUNTRIES.map((c) => ({ value: c, label: t(`deliveries.warehouse.countries.${c}`) }))}
                data-testid="warehouse-country"
              />
              <Select
                {...select('calendarType')}
                data={CALENDAR_TYPES.map((c) => ({ value: c, label: t(`deliveries.warehouse.calendarTypes.${c}`) }))}
              />
              <TextInput {...text('supplyDelayFrom', 'supplyDelay')} data-testid="warehouse-supply-from" />
              <TextInput {...text('supplyDelayTo')} data-testid="warehouse-supply-to" />
            </SimpleGrid>
            <CalendarPreview country={country} />
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={3} size="h4">
              {t('deliveries.warehouse.dispatch')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...text('carrierCloseTime')} placeholder="14:00" data-testid="warehouse-close-time" />
            </SimpleGrid>
            <Switch {...toggleProps('postponementEnabled')} data-testid="warehouse-postponement" />
            <Switch {...toggleProps('codPaymentDisabled')} data-testid="warehouse-cod-disabled" />
          </Stack>
        </Card>
        <Group justify="flex-end">
          <PermissionGate permission={canUpdate}>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              loading={save.isPending}
              data-testid="warehouse-save"
            >
              {t('deliveries.warehouse.save')}
            </Button>
          </PermissionGate>
        </Group>
      </Stack>
    </form>
  );
}

function toRequest(v: Values) {
  const input = inputOf(v);
  return { ...input, supplyDelayFrom: Number(v.supplyDelayFrom), supplyDelayTo: Number(v.supplyDelayTo) };
}

const FLAGS = ['transportV2', 'exportToFeed', 'exportToPPC', 'exportToAffiliate'] as const;

/** The marketplace's own switches on the partner: shown so the seller knows them, changed only by an operator. */
function MarketplaceFlags({ settings }: { settings: WarehouseSettingsData }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" data-testid="marketplace-flags">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('deliveries.warehouse.flags.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('deliveries.warehouse.flags.intro')}
        </Text>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 4 }} m={0}>
          {FLAGS.map((flag) => (
            <Stack key={flag} gap={2}>
              <Text component="dt" size="sm" fw={500}>
                {t(`deliveries.warehouse.flags.${flag}`)}
              </Text>
              <Text component="dd" m={0}>
                <Badge variant="light" color={settings[flag] ? 'teal' : 'gray'}>
                  {t(settings[flag] ? 'deliveries.warehouse.flags.on' : 'deliveries.warehouse.flags.off')}
                </Badge>
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

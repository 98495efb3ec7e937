import { SPECTRUM_LABEL_TYPES, spectrumConfigRefusal, spectrumConfigSchema } from '@pp/domain';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { fieldErrors } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { DipDeliveriesGrid } from './DipDeliveriesGrid';
import { MallSettingsForm, MallSettingsPage, useMallSettingsForm } from './MallFormFrame';
import { type MallDeliveryData, SpectrumConfigMutation } from './operations';
import { currencyOf } from './useMallDelivery';

type Field =
  | 'status'
  | 'labelType'
  | 'collectionsEnabled'
  | 'collectionsOnDemand'
  | 'collectionsTimeStart'
  | 'collectionsTimeEnd';
type Values = Record<Field, string>;

const flag = (v: boolean) => (v ? 'true' : '');

function valuesOf(data: MallDeliveryData): Values {
  const c = data.config;
  return {
    status: c.spectrumStatus,
    labelType: c.labelType,
    collectionsEnabled: flag(c.collectionsEnabled),
    collectionsOnDemand: flag(c.collectionsOnDemand),
    collectionsTimeStart: c.collectionsTimeStart ?? '',
    collectionsTimeEnd: c.collectionsTimeEnd ?? '',
  };
}

function inputOf(v: Values) {
  return {
    status: v.status,
    labelType: v.labelType,
    collectionsEnabled: v.collectionsEnabled === 'true',
    collectionsOnDemand: v.collectionsOnDemand === 'true',
    collectionsTimeStart: v.collectionsTimeStart,
    collectionsTimeEnd: v.collectionsTimeEnd,
  };
}

/** deliveries/mall/spectrum: the Spectrum/DIP settings and the DIP deliveries with their shipment statuses. */
export function MallSpectrumPage() {
  const { t } = useTranslation();
  useDocumentTitle('deliveriesMallSpectrum');
  return (
    <MallSettingsPage title={t('deliveries.mall.spectrum.title')}>
      {(data) => (
        <>
          <SpectrumForm data={data} />
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('deliveries.mall.dip.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('deliveries.mall.dip.intro')}
            </Text>
            <DipDeliveriesGrid />
          </Stack>
        </>
      )}
    </MallSettingsPage>
  );
}

function SpectrumForm({ data }: { data: MallDeliveryData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { values, setValues, errors, setErrors, set, formRef, dirty, save, canUpdate } = useMallSettingsForm<Values>({
    data,
    valuesOf,
    send: (v) => api.request(SpectrumConfigMutation, { input: inputOf(v) }).then((r) => r.spectrumConfigUpdate),
    savedText: t('deliveries.mall.spectrum.saved'),
    fieldErrorsOf: (error) => fieldErrors(error, t) as Partial<Values>,
  });
  const notActive = data.state !== 'active';
  // Switching on needs the warehouse and contact: shown before the request goes, as the server decides.
  const switchingOn = values.status === 'active' && data.config.spectrumStatus !== 'active';
  const refusal = spectrumConfigRefusal(
    data.state,
    values.status === 'active' ? 'active' : 'inactive',
    switchingOn ? (data.readiness as never[]) : [],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = spectrumConfigSchema.safeParse(inputOf(values));
    if (!parsed.success) {
      const next: Partial<Values> = {};
      for (const issue of parsed.error.issues)
        next[String(issue.path[0]) as Field] ??= t(`validation.${issue.message}`);
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(values);
  };
  const toggle = (field: Field) => (event: { currentTarget: { checked: boolean } }) => {
    const checked = event.currentTarget.checked;
    setValues((v) => ({ ...v, [field]: field === 'status' ? (checked ? 'active' : 'inactive') : flag(checked) }));
  };
  const disabled = notActive || !canUpdate.allowed;
  const collections = values.collectionsEnabled === 'true';
  return (
    <MallSettingsForm
      formRef={formRef}
      label={t('deliveries.mall.spectrum.title')}
      onSubmit={submit}
      dirty={dirty}
      saving={save.isPending}
      canUpdate={canUpdate}
      saveDisabled={refusal !== null}
      saveLabel={t('deliveries.mall.spectrum.save')}
      saveTestId="spectrum-save"
      notice={
        notActive && (
          <Alert color="gray" data-testid="spectrum-not-active">
            {t('errors.MALL_DELIVERY_NOT_ACTIVE')}
          </Alert>
        )
      }
    >
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Switch
              label={t('deliveries.mall.fields.spectrumStatus')}
              description={t('deliveries.mall.spectrum.statusHelp')}
              checked={values.status === 'active'}
              onChange={toggle('status')}
              disabled={disabled}
              data-testid="spectrum-status"
            />
            <Badge variant="light" color={data.config.spectrumStatus === 'active' ? 'green' : 'gray'}>
              {t(`deliveries.mall.spectrumStatus.${data.config.spectrumStatus}`)}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('deliveries.mall.fields.spectrumFee')}
              description={t('deliveries.mall.spectrum.feeHelp')}
              value={
                data.config.spectrumFee == null
                  ? t('deliveries.mall.notSet')
                  : format.money(data.config.spectrumFee, currencyOf(data.shopId))
              }
              readOnly
            />
            <Select
              label={t('deliveries.mall.fields.labelType')}
              data={SPECTRUM_LABEL_TYPES.map((v) => ({ value: v, label: t(`deliveries.mall.labelTypes.${v}`) }))}
              value={values.labelType}
              onChange={(v) => setValues((old) => ({ ...old, labelType: v ?? 'pdf' }))}
              error={errors.labelType}
              allowDeselect={false}
              disabled={disabled}
            />
          </SimpleGrid>
          <Switch
            label={t('deliveries.mall.fields.collectionsEnabled')}
            description={t('deliveries.mall.spectrum.collectionsHelp')}
            checked={collections}
            onChange={toggle('collectionsEnabled')}
            disabled={disabled}
          />
          {collections && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Switch
                mt="md"
                label={t('deliveries.mall.fields.collectionsOnDemand')}
                checked={values.collectionsOnDemand === 'true'}
                onChange={toggle('collectionsOnDemand')}
                disabled={disabled}
              />
              <TextInput
                label={t('deliveries.mall.fields.collectionsTimeStart')}
                placeholder="13:00"
                value={values.collectionsTimeStart}
                onChange={set('collectionsTimeStart')}
                error={errors.collectionsTimeStart}
                required
                disabled={disabled}
              />
              <TextInput
                label={t('deliveries.mall.fields.collectionsTimeEnd')}
                placeholder="16:00"
                value={values.collectionsTimeEnd}
                onChange={set('collectionsTimeEnd')}
                error={errors.collectionsTimeEnd}
                required
                disabled={disabled}
              />
            </SimpleGrid>
          )}
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Text fw={600}>{t('deliveries.mall.prepare.warehouse')}</Text>
          <Text size="sm">
            {data.warehouse
              ? `${data.warehouse.street}, ${data.warehouse.zip} ${data.warehouse.city}, ${data.warehouse.state}`
              : t('deliveries.mall.prepare.warehouseHelp')}
          </Text>
          <Anchor component={Link} to="/partner" size="sm">
            {t('deliveries.mall.prepare.warehouseLink')}
          </Anchor>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text fw={600}>{t('deliveries.mall.prepare.contact')}</Text>
          <Text size="sm">
            {data.contact
              ? `${data.contact.firstName} ${data.contact.lastName}, ${data.contact.phone || '—'}`
              : t('deliveries.mall.prepare.contactHelp')}
          </Text>
          <Anchor component={Link} to="/partner/contacts" size="sm">
            {t('deliveries.mall.prepare.contactLink')}
          </Anchor>
        </Paper>
      </SimpleGrid>
      {refusal && !notActive && (
        <Alert color="orange" data-testid="spectrum-refusal">
          {t(`errors.${refusal}`)}
        </Alert>
      )}
    </MallSettingsForm>
  );
}

import { classicConfigRefusal, classicConfigSchema, isShopId, OPENING_WEEKDAYS, type OpeningWeekday } from '@pp/domain';
import { Alert, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { useDocumentTitle } from '../../../ui/PageFrame';
import type { FormIssue } from '../../../ui/formErrors';
import { MallSettingsForm, MallSettingsPage, useMallSettingsForm } from './MallFormFrame';
import { type MallDeliveryData, MallDeliveryClassicMutation } from './operations';
import { useMallDeliveryBranches } from './useMallDelivery';

type DayField = `${OpeningWeekday}${'Open' | 'From' | 'To'}`;
type Field = 'registerBranch' | 'returnBranch' | 'returnPin' | 'openingHours' | DayField;
type Values = Record<Field, string>;

function valuesOf(data: MallDeliveryData): Values {
  const values = {
    registerBranch: data.config.registerBranch ?? '',
    returnBranch: data.config.returnBranch ?? '',
    returnPin: data.config.returnPin ?? '',
    openingHours: '',
  } as Values;
  for (const day of OPENING_WEEKDAYS) {
    const hours = data.config.openingHours?.[day] ?? null;
    values[`${day}Open`] = hours ? 'true' : '';
    values[`${day}From`] = hours?.from ?? '';
    values[`${day}To`] = hours?.to ?? '';
  }
  return values;
}

function inputOf(values: Values) {
  return {
    registerBranch: values.registerBranch,
    returnBranch: values.returnBranch,
    returnPin: values.returnPin,
    openingHours: Object.fromEntries(
      OPENING_WEEKDAYS.map((day) => [
        day,
        { open: values[`${day}Open`] === 'true', from: values[`${day}From`], to: values[`${day}To`] },
      ]),
    ),
  };
}

/** A rule's path (openingHours.mon.to) as the form's field (monTo); "at least one day open" is the group's. */
function fieldOf(path: readonly PropertyKey[]): Field {
  const [first, day, part] = path.map(String);
  if (first !== 'openingHours') return first as Field;
  if (!part) return 'openingHours';
  return `${day}${part === 'from' ? 'From' : 'To'}` as Field;
}

function errorsOf(issues: readonly { path: readonly PropertyKey[]; rule: string }[], t: TFunction) {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) errors[fieldOf(issue.path)] ??= t(`validation.${issue.rule}`);
  return errors;
}

/** deliveries/mall/classic: the depots, the return PIN and the warehouse's hours (spec §3 Mall delivery config). */
export function MallClassicPage() {
  const { t } = useTranslation();
  useDocumentTitle('deliveriesMallClassic');
  return (
    <MallSettingsPage title={t('deliveries.mall.classic.title')}>
      {(data) => <ClassicForm data={data} />}
    </MallSettingsPage>
  );
}

function ClassicForm({ data }: { data: MallDeliveryData }) {
  const { t } = useTranslation();
  const branches = useMallDeliveryBranches();
  const { values, setValues, errors, setErrors, set, formRef, dirty, save, canUpdate } = useMallSettingsForm<Values>({
    data,
    valuesOf,
    send: (v) =>
      api.request(MallDeliveryClassicMutation, { input: inputOf(v) }).then((r) => r.mallDeliveryConfigUpdate),
    savedText: t('deliveries.mall.classic.saved'),
    fieldErrorsOf: (error) =>
      errorsOf(
        error.fields.map((f) => ({ path: f.field.split('.'), rule: f.rule })),
        t,
      ),
  });
  const refusal = classicConfigRefusal(data.state, data.config.spectrumStatus);
  const disabled = refusal !== null || !canUpdate.allowed;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isShopId(data.shopId)) return;
    const parsed = classicConfigSchema(data.shopId).safeParse(inputOf(values));
    if (!parsed.success) {
      setErrors(
        errorsOf(
          (parsed.error.issues as FormIssue[]).map((i) => ({ path: i.path, rule: i.message })),
          t,
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(values);
  };
  const branchOptions = (branches.data ?? []).map((b) => ({
    value: b.id,
    label: `${b.name} (${b.street}, ${b.city})`,
  }));
  const pick = (field: 'registerBranch' | 'returnBranch') => (value: string | null) => {
    setValues((v) => ({ ...v, [field]: value ?? '' }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const toggleDay = (day: OpeningWeekday) => (checked: boolean) => {
    setValues((v) => ({ ...v, [`${day}Open`]: checked ? 'true' : '' }));
    setErrors((e) => ({ ...e, openingHours: undefined }));
  };
  return (
    <MallSettingsForm
      formRef={formRef}
      label={t('deliveries.mall.classic.title')}
      onSubmit={submit}
      dirty={dirty}
      saving={save.isPending}
      canUpdate={canUpdate}
      saveDisabled={refusal !== null}
      saveLabel={t('deliveries.mall.classic.save')}
      saveTestId="classic-save"
      notice={
        refusal && (
          <Alert
            color={refusal === 'MALL_DELIVERY_CLASSIC_DISABLED' ? 'yellow' : 'gray'}
            data-testid="classic-disabled"
          >
            {t(`errors.${refusal}`)}
          </Alert>
        )
      }
    >
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('deliveries.mall.classic.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('deliveries.mall.fields.registerBranch')}
              description={t('deliveries.mall.classic.registerHelp')}
              data={branchOptions}
              value={values.registerBranch || null}
              onChange={pick('registerBranch')}
              error={errors.registerBranch}
              required
              disabled={disabled}
              allowDeselect={false}
            />
            <Select
              label={t('deliveries.mall.fields.returnBranch')}
              description={t('deliveries.mall.classic.returnHelp')}
              data={branchOptions}
              value={values.returnBranch || null}
              onChange={pick('returnBranch')}
              error={errors.returnBranch}
              required
              disabled={disabled}
              allowDeselect={false}
            />
            <TextInput
              label={t('deliveries.mall.fields.returnPin')}
              description={t('deliveries.mall.classic.pinHelp')}
              value={values.returnPin}
              onChange={set('returnPin')}
              error={errors.returnPin}
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              required
              disabled={disabled}
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }} disabled={disabled}>
          <legend>
            <Text fw={600}>{t('deliveries.mall.classic.hours')}</Text>
          </legend>
          <Text size="sm" c="dimmed" mb="sm">
            {t('deliveries.mall.classic.hoursHelp')}
          </Text>
          <Stack gap="xs">
            {OPENING_WEEKDAYS.map((day) => {
              const open = values[`${day}Open`] === 'true';
              return (
                <Group key={day} gap="sm" align="flex-start" wrap="wrap" data-testid={`hours-${day}`}>
                  <Checkbox
                    w={150}
                    mt={8}
                    label={t(`deliveries.mall.weekdays.${day}`)}
                    checked={open}
                    onChange={(event) => toggleDay(day)(event.currentTarget.checked)}
                  />
                  {open && (
                    <>
                      <TextInput
                        w={120}
                        label={t('deliveries.mall.classic.from')}
                        placeholder="08:00"
                        value={values[`${day}From`]}
                        onChange={set(`${day}From`)}
                        error={errors[`${day}From`]}
                        aria-label={`${t(`deliveries.mall.weekdays.${day}`)} ${t('deliveries.mall.classic.from')}`}
                      />
                      <TextInput
                        w={120}
                        label={t('deliveries.mall.classic.to')}
                        placeholder="16:00"
                        value={values[`${day}To`]}
                        onChange={set(`${day}To`)}
                        error={errors[`${day}To`]}
                        aria-label={`${t(`deliveries.mall.weekdays.${day}`)} ${t('deliveries.mall.classic.to')}`}
                      />
                    </>
                  )}
                </Group>
              );
            })}
          </Stack>
          {errors.openingHours && (
            <Text size="sm" c="red.8" mt="xs" role="alert">
              {errors.openingHours}
            </Text>
          )}
        </fieldset>
      </Paper>
    </MallSettingsForm>
  );
}

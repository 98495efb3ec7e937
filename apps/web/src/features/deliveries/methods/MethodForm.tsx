import {
  type BoundField,
  type Currency,
  DELIVERY_KINDS,
  DIMENSIONS,
  METHOD_PACKAGE_SIZES,
  type ShopId,
  SMALLBOX_LIMITS,
  WEEKDAYS,
} from '@pp/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type MutableRefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage, fieldErrors } from '../../../app/api/apiError';
import { usePermission } from '../../../app/session/permission';
import { flash } from '../../../ui/flash';
import { PermissionGate } from '../../../ui/PermissionGate';
import { useUnsavedChanges } from '../../../ui/UnsavedChanges';
import { focusFirstInvalid } from '../../../ui/useFormFields';
import { refreshOnboarding } from '../../onboarding/steps/settings/refresh';
import { type MethodDraft, inputOf, methodErrors } from './draft';
import { type DeliveryMethodRow, SaveDeliveryMethodMutation, TRANSPORTS_KEY, TransportsQuery } from './operations';
import { MallOfferFields, MethodMallSection } from './MethodMall';
import { PriceLevelsEditor } from './PriceLevelsEditor';
import { useMethodRules, useStoredMethod } from './useMethodRules';

/** After a change every view of the methods is stale: the grid, the transports, onboarding and its checklist. */
export function refreshMethods(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'deliveries' });
  void refreshOnboarding(queryClient);
}

export interface MethodFormProps {
  /** The method's id, or null for a new one. */
  id: string | null;
  initial: MethodDraft;
  shopId: ShopId;
  currency: Currency;
  onSaved: (row: DeliveryMethodRow) => void;
  onCancel: () => void;
  /** Set to the form's close, which asks first when there are changes (a dialog's close button uses it). */
  closeRef?: MutableRefObject<(() => void) | null>;
}

/**
 * The one form of a delivery method: the deliveries detail page and the onboarding step's dialog both show
 * it. Every rule of the domain is judged before the request goes and all messages show at once; the server's
 * answer is shown the same way. A colleague who may only read sees the values with the save disabled.
 */
export function MethodForm({ id, initial, shopId, currency, onSaved, onCancel, closeRef }: MethodFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const permission = usePermission('deliveries', id ? 'update' : 'create');
  const readOnly = !permission.allowed;
  const [draft, setDraft] = useState(initial);
  const [opened] = useState(() => JSON.stringify(initial));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const rules = useMethodRules();
  const stored = useStoredMethod(id);
  const held = stored.data ? rules.pricingHeld(stored.data) : false;
  const transports = useQuery({
    queryKey: TRANSPORTS_KEY,
    queryFn: ({ signal }) => api.request(TransportsQuery, {}, { signal }),
  });

  const change = (patch: Partial<MethodDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // A change clears the messages of what it touched, the nested ones (a level's limit, a day) included.
    const touched = Object.keys(patch);
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => !touched.some((f) => k === f || k.startsWith(`${f}.`)))),
    );
  };
  const showErrors = (next: Record<string, string | undefined>) => {
    setErrors(next);
    requestAnimationFrame(() => focusFirstInvalid(form));
  };

  const save = useMutation({
    mutationFn: () => api.request(SaveDeliveryMethodMutation, { id, input: inputOf(draft, id === null) }),
    onSuccess: (data) => {
      flash.success(t('deliveries.saved'));
      refreshMethods(queryClient);
      onSaved(data.saveDelivery);
    },
    onError: (error) => showErrors(fieldErrors(error, t)),
  });
  const dirty = JSON.stringify(draft) !== opened;
  const unsaved = useUnsavedChanges(dirty && !save.isPending && !save.isSuccess);
  const cancel = () => unsaved.confirmDiscard(onCancel);
  if (closeRef) closeRef.current = cancel;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const found = methodErrors(draft, shopId, t, id === null);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    save.mutate();
  };

  // The one reading of the spec's package-size threshold (docs/decisions.md), as the tooltip states it.
  const sizeRule = t('deliveries.methods.packageSizeTooltip', {
    kg: SMALLBOX_LIMITS.weightKg,
    sum: SMALLBOX_LIMITS.sumOfSidesCm,
    side: SMALLBOX_LIMITS.longestSideCm,
  });
  const carriers = transports.data?.deliveryCarriers ?? [];
  const unused = new Set(transports.data?.availableTransports.map((c) => c.code) ?? []);
  const pickTransport = (code: string) => {
    const carrier = carriers.find((c) => c.code === code);
    const patch: Partial<MethodDraft> = { transport: code };
    // A new method starts from the carrier's own name and code; the seller may change both.
    if (!draft.code.trim()) patch.code = code;
    if (!draft.title.trim() && carrier) patch.title = carrier.title;
    if (id === null && carrier) patch.isPickupPoint = carrier.isPickupPoint;
    change(patch);
  };

  const decimalInput = (field: 'price' | 'codPrice' | 'freeLimit', required = false) => (
    <TextInput
      label={t(`deliveries.fields.${field}`)}
      description={required ? undefined : t('deliveries.optional')}
      value={draft[field]}
      onChange={(e) => change({ [field]: e.currentTarget.value })}
      error={errors[field]}
      required={required}
      inputMode="decimal"
      rightSection={
        <Text size="xs" c="dimmed">
          {currency}
        </Text>
      }
      rightSectionWidth={48}
    />
  );
  const boundInput = (field: BoundField, unit: string) => (
    <TextInput
      key={field}
      label={t(`deliveries.methods.fields.${field}`)}
      value={draft.bounds[field]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setDraft((d) => ({ ...d, bounds: { ...d.bounds, [field]: value } }));
        setErrors((er) => ({ ...er, [field]: undefined }));
      }}
      error={errors[field]}
      inputMode="decimal"
      rightSection={
        <Text size="xs" c="dimmed">
          {unit}
        </Text>
      }
      rightSectionWidth={40}
    />
  );

  const formElement = (
    <form
      ref={setForm}
      onSubmit={submit}
      noValidate
      aria-label={t(id ? 'deliveries.editTitle' : 'deliveries.addTitle')}
    >
      {unsaved.prompt}
      <Stack gap="md">
        {readOnly && (
          <Alert variant="light" color="gray" data-testid="read-only-note">
            {permission.reason}
          </Alert>
        )}
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <Fieldset legend={t('deliveries.methods.sections.basic')} variant="unstyled">
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <Select
                  label={t('deliveries.methods.fields.transport')}
                  data={carriers.map((c) => ({
                    value: c.code,
                    label: `${c.title}${c.isPickupPoint ? ` (${t('deliveries.pickupPoint')})` : ''}${
                      unused.has(c.code) || c.code === initial.transport ? '' : ` · ${t('deliveries.methods.inUse')}`
                    }`,
                  }))}
                  value={draft.transport || null}
                  onChange={(value) => pickTransport(value ?? '')}
                  error={errors.transport}
                  required
                  allowDeselect={false}
                  searchable
                />
                <TextInput
                  label={t('deliveries.methods.fields.code')}
                  description={t('deliveries.methods.codeHint')}
                  value={draft.code}
                  onChange={(e) => change({ code: e.currentTarget.value })}
                  error={errors.code}
                  required
                />
                <TextInput
                  label={t('deliveries.methods.fields.title')}
                  value={draft.title}
                  onChange={(e) => change({ title: e.currentTarget.value })}
                  error={errors.title}
                  required
                />
                <TextInput
                  label={t('deliveries.fields.deliveryDelay')}
                  value={draft.deliveryDelay}
                  onChange={(e) => change({ deliveryDelay: e.currentTarget.value })}
                  error={errors.deliveryDelay}
                  inputMode="numeric"
                  required
                />
                <Select
                  label={t('deliveries.methods.fields.deliveryKind')}
                  description={t('deliveries.methods.deliveryKindHint')}
                  data={DELIVERY_KINDS.map((k) => ({ value: k, label: t(`deliveries.methods.kinds.${k}`) }))}
                  value={draft.deliveryKind}
                  onChange={(value) => value && change({ deliveryKind: value as MethodDraft['deliveryKind'] })}
                  error={errors.deliveryKind}
                  allowDeselect={false}
                />
                <TextInput
                  label={t('deliveries.methods.fields.priority')}
                  description={t('deliveries.methods.priorityHint')}
                  value={draft.priority}
                  onChange={(e) => change({ priority: e.currentTarget.value })}
                  error={errors.priority}
                  inputMode="numeric"
                />
              </SimpleGrid>
              <Switch
                mt="sm"
                label={t('deliveries.methods.fields.isPickupPoint')}
                checked={draft.isPickupPoint}
                onChange={(e) => change({ isPickupPoint: e.currentTarget.checked })}
              />
            </Fieldset>

            <Fieldset legend={t('deliveries.methods.sections.price')} variant="unstyled">
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, xs: 3 }}>
                  {decimalInput('price', true)}
                  {decimalInput('codPrice')}
                  {decimalInput('freeLimit')}
                </SimpleGrid>
                {held && (
                  <Alert variant="light" color="yellow" data-testid="pricing-held">
                    {t('errors.CANNOT_UPDATE_DELIVERY_PRICING')}
                  </Alert>
                )}
                <PriceLevelsEditor
                  draft={draft}
                  errors={errors}
                  change={change}
                  currency={currency}
                  disabled={readOnly}
                />
              </Stack>
            </Fieldset>

            <Fieldset legend={t('deliveries.methods.sections.parcel')} variant="unstyled">
              <Stack gap="sm">
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <Select
                    label={t('deliveries.methods.fields.packageSize')}
                    data={[
                      { value: '', label: t('deliveries.methods.packageSizes.any') },
                      ...METHOD_PACKAGE_SIZES.map((s) => ({
                        value: s,
                        label: t(`deliveries.methods.packageSizes.${s}`),
                      })),
                    ]}
                    value={draft.packageSize}
                    onChange={(value) => change({ packageSize: value ?? '' })}
                    error={errors.packageSize}
                    allowDeselect={false}
                    w={320}
                    maw="100%"
                  />
                  <Tooltip
                    label={sizeRule}
                    multiline
                    maw={320}
                    withArrow
                    events={{ hover: true, focus: true, touch: true }}
                  >
                    <ActionIcon variant="subtle" size="lg" mb={2} aria-label={sizeRule} data-testid="package-size-info">
                      <IconInfoCircle size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('deliveries.methods.boundsHint')}
                </Text>
                <SimpleGrid cols={{ base: 2, sm: 4 }}>
                  {DIMENSIONS.flatMap((d) => {
                    const unit = d === 'Weight' ? 'kg' : 'cm';
                    return [boundInput(`min${d}` as BoundField, unit), boundInput(`max${d}` as BoundField, unit)];
                  })}
                </SimpleGrid>
              </Stack>
            </Fieldset>

            <Fieldset legend={t('deliveries.methods.sections.closeTimes')} variant="unstyled">
              <Text size="xs" c="dimmed" mb="xs">
                {t('deliveries.methods.closeTimesHint')}
              </Text>
              <SimpleGrid cols={{ base: 2, xs: 4, sm: 7 }}>
                {WEEKDAYS.map((day) => (
                  <TextInput
                    key={day}
                    label={t(`deliveries.methods.weekdays.${day}`)}
                    placeholder="14:30"
                    value={draft.closeTimes[day]}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setDraft((d) => ({ ...d, closeTimes: { ...d.closeTimes, [day]: value } }));
                      setErrors((er) => ({ ...er, [`closeTimes.${day}`]: undefined }));
                    }}
                    error={errors[`closeTimes.${day}`]}
                    inputMode="numeric"
                    maxLength={5}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>

            {/* A new method is offered through MALL Delivery with its creation; a saved one by its own call below. */}
            {id === null && (
              <Fieldset legend={t('deliveries.methods.sections.mall')} variant="unstyled">
                <MallOfferFields
                  offer={{ mdpAllowed: draft.mdpAllowed, mallDeliveryType: draft.mallDeliveryType }}
                  stored={null}
                  facts={rules.facts}
                  error={errors.mallDeliveryType}
                  onChange={(offer) => change(offer)}
                />
              </Fieldset>
            )}
          </Stack>
        </fieldset>
        {save.isError && Object.keys(fieldErrors(save.error, t)).length === 0 && (
          <Alert color="red" role="alert">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {t(readOnly ? 'common.close' : 'common.cancel')}
          </Button>
          <PermissionGate permission={permission}>
            <Button type="submit" loading={save.isPending}>
              {t('deliveries.save')}
            </Button>
          </PermissionGate>
        </Group>
      </Stack>
    </form>
  );
  return (
    <Stack gap="md">
      {formElement}
      {/* Its own form and its own save: the MALL Delivery call changes nothing else of the method. */}
      {id !== null && <MethodMallSection id={id} />}
    </Stack>
  );
}

import {
  MALL_DELIVERY_TYPES,
  type MallDeliveryFacts,
  type MallDeliveryType,
  type MethodMallFields,
  methodMallRefusal,
  methodMallSchema,
} from '@pp/domain';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage, fieldErrors } from '../../../app/api/apiError';
import { usePermission } from '../../../app/session/permission';
import { flash } from '../../../ui/flash';
import { PermissionGate } from '../../../ui/PermissionGate';
import { refreshMethods } from './MethodForm';
import { type DeliveryMethodRow, DeliveryMallMutation } from './operations';
import { useMethodRules, useStoredMethod } from './useMethodRules';

/** The two MALL Delivery fields as a form holds them ('' for no type). */
export interface MallOffer {
  mdpAllowed: boolean;
  mallDeliveryType: string;
}

const fieldsOf = (offer: MallOffer): MethodMallFields => ({
  mdpAllowed: offer.mdpAllowed,
  mallDeliveryType: offer.mdpAllowed ? ((offer.mallDeliveryType || null) as MallDeliveryType | null) : null,
});

/** Why this offer would be refused now (a catalogue code), judged as the server judges it; null when not. */
export function mallOfferRefusal(facts: MallDeliveryFacts, stored: MethodMallFields | null, offer: MallOffer) {
  const after = fieldsOf(offer);
  // Without a type the form's own "required" speaks; the rule is judged on what would be sent.
  if (after.mdpAllowed && after.mallDeliveryType === null) {
    return methodMallRefusal(facts, stored, { mdpAllowed: true, mallDeliveryType: 'spectrum' });
  }
  return methodMallRefusal(facts, stored, after);
}

/**
 * The switch and the type of a method's MALL Delivery, with the rule said before anything is sent: offering
 * needs MALL Delivery requested or active (the switch is then off limits and says why), classic is not
 * offered while Spectrum is on (that option is disabled). Withdrawing is always possible.
 */
export function MallOfferFields({
  offer,
  stored,
  facts,
  error,
  disabled,
  onChange,
}: {
  offer: MallOffer;
  stored: MethodMallFields | null;
  facts: MallDeliveryFacts;
  error?: string;
  disabled?: boolean;
  onChange: (offer: MallOffer) => void;
}) {
  const { t } = useTranslation();
  const noteId = useId();
  const refusal = mallOfferRefusal(facts, stored, { ...offer, mdpAllowed: true });
  // Not requested: the switch may only be turned off (a method offered before a switch-off stays withdrawable).
  const cannotOffer = refusal === 'MALL_DELIVERY_NOT_REQUESTED' && !offer.mdpAllowed;
  const classicClosed = facts.spectrumStatus === 'active' && stored?.mallDeliveryType !== 'classic';
  return (
    <Stack gap="sm">
      <Switch
        label={t('deliveries.methods.fields.mdpAllowed')}
        checked={offer.mdpAllowed}
        onChange={(e) => onChange({ ...offer, mdpAllowed: e.currentTarget.checked })}
        disabled={disabled || cannotOffer}
        aria-describedby={cannotOffer ? noteId : undefined}
        data-testid="method-mdp-allowed"
      />
      {cannotOffer && (
        <Text id={noteId} size="sm" c="orange.9" data-testid="method-mall-note">
          {t('errors.MALL_DELIVERY_NOT_REQUESTED')}{' '}
          <Anchor component={Link} to="/deliveries/mall" size="sm" underline="always">
            {t('deliveries.methods.mallOffer.open')}
          </Anchor>
        </Text>
      )}
      {offer.mdpAllowed && (
        <Select
          label={t('deliveries.methods.fields.mallDeliveryType')}
          description={classicClosed ? t('errors.MALL_DELIVERY_CLASSIC_DISABLED') : undefined}
          data={MALL_DELIVERY_TYPES.map((m) => ({
            value: m,
            label: t(`deliveries.methods.mallTypes.${m}`),
            disabled: m === 'classic' && classicClosed,
          }))}
          value={offer.mallDeliveryType || null}
          onChange={(value) => onChange({ ...offer, mallDeliveryType: value ?? '' })}
          error={error}
          disabled={disabled}
          required
          maw={320}
          data-testid="method-mall-type"
        />
      )}
    </Stack>
  );
}

/**
 * A saved method's MALL Delivery, changed on its own (the spec's "update for mall delivery" call): the rest
 * of the method stays as stored whatever the form above holds. It shows what the server holds now, and
 * starts again from it after every save.
 */
export function MethodMallSection({ id }: { id: string }) {
  const method = useStoredMethod(id);
  if (!method.data) return null;
  const { mdpAllowed, mallDeliveryType } = method.data;
  return <MethodMallForm key={`${mdpAllowed}:${mallDeliveryType}`} method={method.data} />;
}

function MethodMallForm({ method }: { method: DeliveryMethodRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const permission = usePermission('deliveries', 'update');
  const rules = useMethodRules();
  const stored: MethodMallFields = {
    mdpAllowed: method.mdpAllowed,
    mallDeliveryType: method.mallDeliveryType as MallDeliveryType | null,
  };
  const [offer, setOffer] = useState<MallOffer>({
    mdpAllowed: method.mdpAllowed,
    mallDeliveryType: method.mallDeliveryType ?? '',
  });
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => api.request(DeliveryMallMutation, { id: method.id, input: fieldsOf(offer) }),
    onSuccess: () => {
      flash.success(t('deliveries.methods.mallOffer.saved'));
      refreshMethods(queryClient);
    },
    onError: (e) => {
      const fields = fieldErrors(e, t);
      if (fields.mallDeliveryType) setError(fields.mallDeliveryType);
      else flash.error(errorMessage(e, t));
    },
  });
  const after = fieldsOf(offer);
  const dirty = after.mdpAllowed !== stored.mdpAllowed || after.mallDeliveryType !== stored.mallDeliveryType;
  const refusal = offer.mdpAllowed ? mallOfferRefusal(rules.facts, stored, offer) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = methodMallSchema.safeParse(after);
    if (!parsed.success) {
      setError(t(`validation.${parsed.error.issues[0]?.message ?? 'required'}`));
      return;
    }
    if (!refusal) save.mutate();
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} data-testid="method-mall">
      <form onSubmit={submit} noValidate aria-label={t('deliveries.methods.mallOffer.form')}>
        <Stack gap="sm">
          <Title order={3} size="h4" id={titleId}>
            {t('deliveries.methods.sections.mall')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('deliveries.methods.mallOffer.intro')}
          </Text>
          <MallOfferFields
            offer={offer}
            stored={stored}
            facts={rules.facts}
            error={error}
            disabled={!permission.allowed}
            onChange={(next) => {
              setOffer(next);
              setError(undefined);
            }}
          />
          {refusal && (
            <Alert color="orange" data-testid="method-mall-refusal">
              {t(`errors.${refusal}`)}
            </Alert>
          )}
          {offer.mdpAllowed && rules.facts.state === 'active' && (
            <Text size="xs" c="dimmed" data-testid="method-mall-held">
              {t('deliveries.methods.mallOffer.held')}
            </Text>
          )}
          <Group justify="flex-end">
            <PermissionGate permission={permission}>
              <Button
                type="submit"
                variant="light"
                loading={save.isPending}
                disabled={!dirty || refusal !== null}
                data-testid="method-mall-save"
              >
                {t('deliveries.methods.mallOffer.save')}
              </Button>
            </PermissionGate>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

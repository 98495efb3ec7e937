import { BRAND_NAME_MAX, brandIdOf } from '@pp/domain';
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { fieldErrors } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import {
  type BrandRequestDraft,
  brandRequestInput,
  draftErrors,
  emptyDraft,
  PartyFields,
} from '../../catalog/BrandRequestForm';
import { countryOptions } from '../../catalog/countries';
import { HeurekaBrandRequestMutation, type HeurekaBrandRow, PARAM_PAIRING_KEYS } from './paramPairingOperations';

/**
 * "Request a brand" for a manufacturer of the feed: the brands module's request (its name and manufacturer, the
 * parts the marketplace needs; the logo, texts and translations can follow in the brands area), linked to the
 * manufacturer so that its items are imported once an operator accepts the brand.
 */
export function HeurekaBrandRequestModal({ row, onClose }: { row: HeurekaBrandRow; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const countries = useMemo(() => countryOptions(format.locale), [format.locale]);
  const [draft, setDraft] = useState<BrandRequestDraft>(() => ({
    ...emptyDraft(),
    name: row.manufacturer.slice(0, BRAND_NAME_MAX),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [similar, setSimilar] = useState<{ id: string; name: string }[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const send = useMutation({
    mutationFn: (force: boolean) =>
      api
        .request(HeurekaBrandRequestMutation, { id: row.id, data: brandRequestInput(draft) as never, force })
        .then((r) => r.heurekaBrandRequest),
    onSuccess: ({ result }) => {
      if (!result.success) {
        setSimilar(result.similarBrandsList);
        return;
      }
      flash.success(t('feeds.heureka.brands.requestSent', { name: result.request?.name ?? draft.name }));
      void queryClient.invalidateQueries({ queryKey: PARAM_PAIRING_KEYS.all });
      onClose();
    },
    onError: (error) => {
      const fields = fieldErrors(error, t);
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(error);
    },
  });

  const submit = (force: boolean) => {
    setFailure(null);
    const found = draftErrors(draft, t);
    setErrors(found);
    if (Object.keys(found).length === 0) send.mutate(force);
  };
  const brandId = brandIdOf(draft.name);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('feeds.heureka.brands.requestTitle', { manufacturer: row.manufacturer })}
      size="lg"
    >
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          submit(false);
        }}
        noValidate
        data-testid="heureka-brand-request"
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('feeds.heureka.brands.requestIntro')}
          </Text>
          <TextInput
            label={t('brands.request.name')}
            description={
              brandId
                ? t('brands.request.idPreview', { id: brandId })
                : t('brands.request.nameHelp', { max: BRAND_NAME_MAX })
            }
            required
            value={draft.name}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setDraft((d) => ({ ...d, name }));
              setSimilar(null);
            }}
            error={errors.name}
            data-testid="heureka-brand-request-name"
          />
          <PartyFields
            title={t('brands.request.manufacturer')}
            prefix="manufacturer"
            value={draft.manufacturer}
            countries={countries}
            errors={errors}
            bare
            onChange={(manufacturer) => setDraft((d) => ({ ...d, manufacturer }))}
          />
          {similar && similar.length > 0 && (
            <Alert color="yellow" title={t('brands.request.similarTitle')}>
              <Stack gap="xs">
                <Text size="sm">{t('feeds.heureka.brands.similarHelp')}</Text>
                <List size="sm">
                  {similar.map((b) => (
                    <List.Item key={b.id}>{b.name}</List.Item>
                  ))}
                </List>
              </Stack>
            </Alert>
          )}
          {failure !== null && <ErrorAlert error={failure} />}
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            {similar && similar.length > 0 ? (
              <Button color="yellow" loading={send.isPending} onClick={() => submit(true)}>
                {t('brands.request.force')}
              </Button>
            ) : (
              <Button type="submit" loading={send.isPending} data-testid="heureka-brand-request-send">
                {t('brands.request.submit')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { publicTitleSchema } from '@pp/domain';
import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage, fieldErrors } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { flash } from '../../../ui/flash';
import { issueParams } from '../../../ui/formErrors';
import { useUnsavedChanges } from '../../../ui/UnsavedChanges';
import { Fact, InfoSection } from './InfoSection';
import { INFO_KEYS, SetPublicTitleMutation, type ShopProfileData } from './operations';

/** The marketplace's facts about the shop, and the public shop name the partner sets once. */
export function ProfileSection({ profile, canUpdate }: { profile: ShopProfileData; canUpdate: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const none = t('partner.info.profile.none');
  const provider = profile.provider ? t(`registration.providers.${profile.provider}`, profile.provider) : none;
  return (
    <InfoSection id="profile" title={t('partner.info.profile.title')} intro={t('partner.info.profile.managed')}>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm" m={0}>
        <Fact label={t('partner.info.profile.partnerName')} value={profile.partnerName} />
        <Fact label={t('partner.info.profile.mallName')} value={profile.mallName ?? none} />
        <Fact label={t('partner.info.profile.sapId')} value={profile.sapId ?? none} />
        <Fact label={t('partner.info.profile.shop')} value={t(`markets.${profile.shopId}`, profile.shopId)} />
        <Fact label={t('partner.info.profile.provider')} value={provider} />
        <Fact
          label={t('partner.info.profile.rating')}
          value={profile.rating === null ? none : format.number(profile.rating)}
        />
        <Fact
          label={t('partner.info.profile.status')}
          value={t(`partner.workflowStatus.${profile.workflowStatus}`, profile.workflowStatus)}
        />
        <Fact label={t('partner.info.profile.created')} value={format.date(profile.created)} />
      </SimpleGrid>
      <PublicTitle profile={profile} canUpdate={canUpdate} />
    </InfoSection>
  );
}

export function PublicTitle({ profile, canUpdate }: { profile: ShopProfileData; canUpdate: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(profile.publicTitle ?? '');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: (title: string) => api.request(SetPublicTitleMutation, { title }),
    onSuccess: ({ setPublicTitle }) => {
      queryClient.setQueryData(INFO_KEYS.profile, setPublicTitle);
      setConfirming(false);
      flash.success(t('partner.info.publicTitle.saved'));
    },
    onError: (failure) => {
      setConfirming(false);
      setError(fieldErrors(failure, t).publicTitle ?? errorMessage(failure, t));
    },
  });
  const editable = canUpdate && profile.publicTitleEditable;
  const unsaved = useUnsavedChanges(editable && value.trim() !== (profile.publicTitle ?? '') && !save.isPending);

  if (!editable) {
    return (
      <Stack gap={4}>
        <Text size="xs" c="dimmed" id="public-title-label">
          {t('partner.info.publicTitle.label')}
        </Text>
        <Group gap="xs">
          <Text fw={600} aria-labelledby="public-title-label" data-testid="public-title">
            {profile.publicTitle ?? t('partner.info.publicTitle.notSet')}
          </Text>
        </Group>
        {profile.publicTitle && (
          <Text size="xs" c="dimmed" data-testid="public-title-fixed">
            {t('partner.info.publicTitle.fixed')}
          </Text>
        )}
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = publicTitleSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError(t(`validation.${issue.message}`, issueParams(issue)));
      return;
    }
    // An operator may change it any time; a partner sets it once, so it asks first.
    if (profile.publicTitle === null) setConfirming(true);
    else save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('partner.info.publicTitle.label')}>
      <Stack gap="xs">
        {profile.publicTitle !== null && (
          <Alert color="blue" variant="light">
            {t('partner.info.publicTitle.operator')}
          </Alert>
        )}
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            label={t('partner.info.publicTitle.label')}
            description={t('partner.info.publicTitle.hint')}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            required
            maxLength={60}
            style={{ flex: '1 1 18rem' }}
            data-testid="public-title-input"
          />
          <Button type="submit" mt={{ base: 0, sm: 42 }} loading={save.isPending && !confirming}>
            {t('partner.info.publicTitle.save')}
          </Button>
        </Group>
        {profile.publicTitle === null && (
          <Badge variant="light" color="gray" w="fit-content">
            {t('partner.info.publicTitle.notSet')}
          </Badge>
        )}
      </Stack>
      {unsaved.prompt}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('partner.info.publicTitle.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Text>{t('partner.info.publicTitle.confirm', { title: value.trim() })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => save.mutate(value.trim())} loading={save.isPending} data-testid="public-title-confirm">
            {t('partner.info.publicTitle.save')}
          </Button>
        </Group>
      </Modal>
    </form>
  );
}

import { Button, FileButton, Group, Image, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage } from '../../../app/api/apiError';
import { uploadFile } from '../../../app/api/files';
import { flash } from '../../../ui/flash';
import { InfoSection } from './InfoSection';
import { INFO_KEYS, LOGO_UPLOAD_PATH, RemovePartnerLogoMutation, type ShopProfileData } from './operations';

/** The shop logo: shown as the marketplace serves it, replaced by an upload, or removed. */
export function LogoSection({ profile, canUpdate }: { profile: ShopProfileData; canUpdate: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadFile<ShopProfileData>(LOGO_UPLOAD_PATH, file),
    onMutate: () => setFailure(null),
    onSuccess: (next) => {
      queryClient.setQueryData(INFO_KEYS.profile, next);
      flash.success(t('partner.info.logo.saved'));
    },
    onError: (error) => setFailure(errorMessage(error, t)),
  });
  const remove = useMutation({
    mutationFn: () => api.request(RemovePartnerLogoMutation, {}),
    onSuccess: ({ removePartnerLogo }) => {
      queryClient.setQueryData(INFO_KEYS.profile, removePartnerLogo);
      setConfirming(false);
      flash.success(t('partner.info.logo.removed'));
    },
    onError: (error) => {
      setConfirming(false);
      setFailure(errorMessage(error, t));
    },
  });
  const logo = profile.logo;
  return (
    <InfoSection id="logo" title={t('partner.info.logo.title')} intro={t('partner.info.logo.intro')}>
      <Group align="center" gap="md" wrap="wrap">
        <Paper
          withBorder
          radius="md"
          w={160}
          h={112}
          p="xs"
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          {logo ? (
            <Image
              src={logo.url}
              alt={t('partner.info.logo.alt', { name: profile.partnerName })}
              fit="contain"
              mah={92}
              maw={140}
              data-testid="partner-logo"
            />
          ) : (
            <Text size="sm" c="dimmed" ta="center">
              {t('partner.info.logo.none')}
            </Text>
          )}
        </Paper>
        {canUpdate && (
          <Stack gap="xs">
            <FileButton onChange={(file) => file && upload.mutate(file)} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconPhotoUp size={16} aria-hidden />}
                  loading={upload.isPending}
                  data-testid="logo-upload"
                >
                  {logo ? t('partner.info.logo.replace') : t('partner.info.logo.upload')}
                </Button>
              )}
            </FileButton>
            {logo && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                {t('partner.info.logo.remove')}
              </Button>
            )}
          </Stack>
        )}
      </Group>
      {failure && (
        <Text c="red" size="sm" role="alert" data-testid="logo-error">
          {failure}
        </Text>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('partner.info.logo.remove')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Text>{t('partner.info.logo.removeConfirm')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
            {t('partner.info.logo.remove')}
          </Button>
        </Group>
      </Modal>
    </InfoSection>
  );
}

import { IMAGE_RULES } from '@pp/domain';
import {
  Alert,
  Button,
  Card,
  Center,
  Checkbox,
  FileButton,
  Group,
  Image,
  Input,
  List,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPhotoOff, IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api/apiError';
import { uploadFile } from '../../../app/api/files';
import { addUploaded, type MediaRow, type UploadAnswer } from './formState';
import { isPortalMedia } from './remoteMedia';

/**
 * The picture of one image: its thumbnail, or the portal's own file. An image at the seller's URL is shown
 * only once the portal has fetched it (the page's CSP blocks other origins); until then a placeholder.
 */
function MediaPicture({ row, alt }: { row: MediaRow; alt: string }) {
  const src = isPortalMedia(row.thumbUrl) ? row.thumbUrl : isPortalMedia(row.url) ? row.url : null;
  if (src) return <Image src={src} alt={alt} h={120} fit="contain" data-testid="media-picture" />;
  return (
    <Center h={120} bg="var(--mantine-color-gray-0)" aria-hidden>
      {row.fetchStatus === 'PENDING' ? (
        <Loader size="sm" />
      ) : (
        <IconPhotoOff size={32} color="var(--mantine-color-gray-6)" />
      )}
    </Center>
  );
}

/** What became of an image at the seller's URL: being fetched, or why it gave no picture, with the URL. */
function FetchState({ row }: { row: MediaRow }) {
  const { t } = useTranslation();
  if (row.fetchStatus !== 'PENDING' && row.fetchStatus !== 'FAILED') return null;
  const failed = row.fetchStatus === 'FAILED';
  return (
    <Stack gap={2} data-testid={failed ? 'media-fetch-error' : 'media-fetch-pending'}>
      <Text size="xs" c={failed ? 'red.8' : 'dimmed'} fw={failed ? 600 : undefined}>
        {failed
          ? t(`errors.${row.fetchError ?? 'REMOTE_IMAGE_UNREACHABLE'}`, {
              defaultValue: t('errors.REMOTE_IMAGE_UNREACHABLE'),
            })
          : t('products.detail.media.fetching')}
      </Text>
      <Text size="xs" c="dimmed" truncate="end" title={row.url}>
        {t('products.detail.media.sourceUrl', { url: row.url })}
      </Text>
    </Stack>
  );
}

/**
 * The product's images (spec §5): upload (the server decodes each file and names its refusal), pick the
 * main one, exclude one from the next save, mark the energy label and the information list.
 */
export function MediaEditor({
  media,
  onChange,
  error,
  fieldError,
}: {
  media: MediaRow[];
  onChange: (media: MediaRow[]) => void;
  /** The message of the `media` field (the main image rule). */
  error?: string;
  /** The message of one image's field (`media.<i>.url`). */
  fieldError: (index: number) => string | undefined;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [refusals, setRefusals] = useState<{ name: string; message: string }[]>([]);

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setUploading(true);
    setRefusals([]);
    const done: UploadAnswer[] = [];
    const refused: { name: string; message: string }[] = [];
    // One at a time, so the images keep the order the seller picked them in.
    for (const file of files) {
      try {
        done.push(await uploadFile<UploadAnswer>('/media/upload', file));
      } catch (e) {
        refused.push({ name: file.name, message: errorMessage(e, t) });
      }
    }
    setUploading(false);
    setRefusals(refused);
    if (done.length) onChange(addUploaded(media, done));
  };

  const update = (index: number, patch: Partial<MediaRow>) =>
    onChange(media.map((m, i) => (i === index ? { ...m, ...patch } : m)));
  const mainIndex = media.findIndex((m) => m.main);

  return (
    <Input.Wrapper
      label={t('products.detail.media.title')}
      description={t('products.detail.media.rules', {
        formats: IMAGE_RULES.formats.map((f) => f.toUpperCase()).join(', '),
        px: IMAGE_RULES.maxPx,
        mb: (IMAGE_RULES.maxBytes / 1_048_576).toFixed(1),
        width: IMAGE_RULES.recommended.width,
        height: IMAGE_RULES.recommended.height,
      })}
      error={error}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Stack gap="sm" mt="xs">
        <Group>
          <FileButton onChange={(files) => void upload(files)} accept="image/jpeg,image/gif,image/png" multiple>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPhotoPlus size={16} />}
                loading={uploading}
                data-testid="media-upload"
              >
                {t('products.detail.media.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
        {refusals.length > 0 && (
          <Alert color="red" variant="light" role="alert" data-testid="media-refusals">
            <List size="sm">
              {refusals.map((r) => (
                <List.Item key={r.name}>
                  {r.name}: {r.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {media.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('products.detail.media.empty')}
          </Text>
        ) : (
          <Radio.Group
            value={mainIndex >= 0 ? String(mainIndex) : null}
            onChange={(value) => onChange(media.map((m, i) => ({ ...m, main: String(i) === value })))}
            label={t('products.detail.media.main')}
          >
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mt="xs">
              {media.map((m, i) => (
                <Card key={m.url} withBorder padding="xs" data-testid="media-item" opacity={m.excluded ? 0.55 : 1}>
                  <Card.Section>
                    <MediaPicture row={m} alt={t('products.detail.media.imageAlt', { n: i + 1 })} />
                  </Card.Section>
                  <Stack gap={6} mt="xs">
                    <Radio value={String(i)} label={t('products.detail.media.mainOne')} data-testid="media-main" />
                    <Checkbox
                      label={t('products.detail.media.excluded')}
                      checked={m.excluded}
                      onChange={(e) => update(i, { excluded: e.currentTarget.checked })}
                    />
                    <Checkbox
                      label={t('products.detail.media.energyLabel')}
                      checked={m.energyLabel}
                      onChange={(e) => update(i, { energyLabel: e.currentTarget.checked })}
                    />
                    <Checkbox
                      label={t('products.detail.media.informationList')}
                      checked={m.informationList}
                      onChange={(e) => update(i, { informationList: e.currentTarget.checked })}
                    />
                    {m.width && m.height ? (
                      <Text size="xs" c="dimmed">
                        {m.width} × {m.height} px
                      </Text>
                    ) : null}
                    <FetchState row={m} />
                    {fieldError(i) && (
                      <Text size="xs" c="red">
                        {fieldError(i)}
                      </Text>
                    )}
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

import { DOCUMENT_ACCEPT, documentUploadSchema, PARTNER_DOCUMENT_TYPES } from '@pp/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconFileUpload, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage, fieldErrors } from '../../../app/api/apiError';
import { downloadStoredFile, uploadFile } from '../../../app/api/files';
import { useFormat } from '../../../app/i18n/format';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import { InfoSection } from './InfoSection';
import {
  DeletePartnerDocumentMutation,
  DOCUMENT_UPLOAD_PATH,
  INFO_KEYS,
  type PartnerDocumentData,
  PartnerDocumentsQuery,
} from './operations';

/** The documents between the partner and the marketplace: newest first, deleted ones on request. */
export function DocumentsSection({ canCreate, canDelete }: { canCreate: boolean; canDelete: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [showDeleted, setShowDeleted] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<PartnerDocumentData | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const documents = useQuery({
    queryKey: [...INFO_KEYS.documents, showDeleted],
    queryFn: ({ signal }) =>
      api.request(PartnerDocumentsQuery, { includeDeleted: showDeleted }, { signal }).then((r) => r.partnerDocuments),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.request(DeletePartnerDocumentMutation, { id }),
    onSuccess: () => {
      setDeleting(null);
      flash.success(t('partner.info.documents.deleted'));
      void queryClient.invalidateQueries({ queryKey: INFO_KEYS.documents });
    },
    onError: (error) => {
      setDeleting(null);
      setFailure(errorMessage(error, t));
    },
  });
  const download = (doc: PartnerDocumentData) => {
    setFailure(null);
    downloadStoredFile(doc.url, doc.fileName).catch((error) => setFailure(errorMessage(error, t)));
  };
  const who = (name: string | null, operator: boolean) =>
    operator ? `${t('partner.info.documents.marketplace')}${name ? ` (${name})` : ''}` : (name ?? '—');

  return (
    <InfoSection
      id="documents"
      title={t('partner.info.documents.title')}
      intro={t('partner.info.documents.intro')}
      actions={
        canCreate ? (
          <Button leftSection={<IconFileUpload size={16} aria-hidden />} onClick={() => setUploading(true)}>
            {t('partner.info.documents.upload')}
          </Button>
        ) : undefined
      }
    >
      <Switch
        label={t('partner.info.documents.showDeleted')}
        checked={showDeleted}
        onChange={(e) => setShowDeleted(e.currentTarget.checked)}
        data-testid="documents-show-deleted"
      />
      {failure && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setFailure(null)}
          closeButtonLabel={t('common.close')}
        >
          {failure}
        </Alert>
      )}
      {documents.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : documents.isError ? (
        <ErrorAlert error={documents.error} />
      ) : documents.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('partner.info.documents.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" striped data-testid="documents-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('partner.info.documents.columns.title')}</Table.Th>
                <Table.Th>{t('partner.info.documents.columns.type')}</Table.Th>
                <Table.Th>{t('partner.info.documents.columns.validFrom')}</Table.Th>
                <Table.Th>{t('partner.info.documents.columns.uploaded')}</Table.Th>
                <Table.Th>{t('partner.info.documents.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.data.map((doc) => (
                <Table.Tr key={doc.id} data-testid="document-row" data-deleted={doc.isDeleted || undefined}>
                  <Table.Td>
                    <Text size="sm" fw={500} td={doc.isDeleted ? 'line-through' : undefined}>
                      {doc.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {doc.fileName}
                    </Text>
                    {doc.isDeleted && (
                      <Group gap={4} mt={2}>
                        <Badge size="xs" color="gray">
                          {t('partner.info.documents.deletedBadge')}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {t('partner.info.documents.deletedBy', {
                            date: doc.deletedAt ? format.dateTime(doc.deletedAt) : '',
                            name: doc.deletedBy ?? '—',
                          })}
                        </Text>
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(`partner.info.documents.types.${doc.documentType}`, doc.documentType)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{doc.validFrom ? format.date(doc.validFrom) : '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('partner.info.documents.by', {
                        date: format.dateTime(doc.uploadedAt),
                        name: who(doc.uploadedBy, doc.uploadedByOperator),
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('partner.info.documents.download', { title: doc.title })}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('partner.info.documents.download', { title: doc.title })}
                          onClick={() => download(doc)}
                        >
                          <IconDownload size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      {canDelete && doc.deletable && (
                        <Tooltip label={t('partner.info.documents.delete', { title: doc.title })}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('partner.info.documents.delete', { title: doc.title })}
                            onClick={() => setDeleting(doc)}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <UploadDialog opened={uploading} onClose={() => setUploading(false)} />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('partner.info.documents.deleteTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Text>{t('partner.info.documents.deleteConfirm', { title: deleting?.title ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>
            {t('partner.info.documents.deleteTitle')}
          </Button>
        </Group>
      </Modal>
    </InfoSection>
  );
}

type UploadField = 'file' | 'documentType' | 'title' | 'validFrom';

function UploadDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [documentType, setDocumentType] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [validFrom, setValidFrom] = useState('');
  const [errors, setErrors] = useState<Partial<Record<UploadField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFile(null);
    setDocumentType(null);
    setTitle('');
    setValidFrom('');
    setErrors({});
    setFailure(null);
    onClose();
  };
  const upload = useMutation({
    mutationFn: (input: { file: File; fields: Record<string, string> }) =>
      uploadFile<PartnerDocumentData>(DOCUMENT_UPLOAD_PATH, input.file, undefined, input.fields),
    onSuccess: () => {
      flash.success(t('partner.info.documents.uploaded'));
      void queryClient.invalidateQueries({ queryKey: INFO_KEYS.documents });
      close();
    },
    onError: (error) => {
      const fields = fieldErrors(error, t);
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(errorMessage(error, t));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const fields = { documentType: documentType ?? '', title, validFrom };
    const parsed = documentUploadSchema.safeParse(fields);
    const next: Partial<Record<UploadField, string>> = {};
    if (!file) next.file = t('validation.required');
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as UploadField;
        next[key] ??= t(`validation.${issue.message}`, { 0: 200 });
      }
    }
    setErrors(next);
    if (Object.keys(next).length || !file) return;
    upload.mutate({ file, fields });
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('partner.info.documents.upload')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FileInput
            label={t('partner.info.documents.file')}
            placeholder={t('partner.info.documents.chooseFile')}
            accept={DOCUMENT_ACCEPT}
            value={file}
            onChange={(next) => {
              setFile(next);
              setErrors((e) => ({ ...e, file: undefined }));
              if (next && !title) setTitle(next.name.replace(/\.[^.]*$/, '').slice(0, 200));
            }}
            error={errors.file}
            required
            clearable
            data-testid="document-file"
          />
          <Select
            label={t('partner.info.documents.docType')}
            data={PARTNER_DOCUMENT_TYPES.map((type) => ({
              value: type,
              label: t(`partner.info.documents.types.${type}`),
            }))}
            value={documentType}
            onChange={(value) => {
              setDocumentType(value);
              setErrors((e) => ({ ...e, documentType: undefined }));
            }}
            error={errors.documentType}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('partner.info.documents.docTitle')}
            value={title}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
              setErrors((x) => ({ ...x, title: undefined }));
            }}
            error={errors.title}
            required
            maxLength={200}
          />
          <TextInput
            type="date"
            label={t('partner.info.documents.validFrom')}
            value={validFrom}
            onChange={(e) => {
              setValidFrom(e.currentTarget.value);
              setErrors((x) => ({ ...x, validFrom: undefined }));
            }}
            error={errors.validFrom}
          />
          {failure && (
            <Alert color="red" role="alert" data-testid="document-upload-error">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={upload.isPending}>
              {t('partner.info.documents.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

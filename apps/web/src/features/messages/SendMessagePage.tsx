import { CONVERSATION_SUBJECT_MAX, conversationSchema, MESSAGE_BODY_MAX, MESSAGE_DEPARTMENTS } from '@pp/domain';
import { Anchor, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { fieldErrors } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { useDocumentTitle } from '../../ui/PageFrame';
import { useFormFields } from '../../ui/useFormFields';
import { AttachmentPicker, useAttachments } from './AttachmentPicker';
import { MessageSendMutation } from './operations';
import { PARTNER_UPLOAD_URL } from './upload';

const BOUNDS: Record<string, number> = { subject: CONVERSATION_SUBJECT_MAX, message: MESSAGE_BODY_MAX };

/** A new message to a marketplace department; once sent, its conversation opens. */
export function SendMessagePage() {
  const { t } = useTranslation();
  useDocumentTitle('userSendMessage');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { values, setValues, errors, setErrors, set, formRef, invalid } = useFormFields({
    department: '',
    subject: '',
    message: '',
    attachments: '',
  });
  const attachments = useAttachments(PARTNER_UPLOAD_URL);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = {
      department: values.department,
      subject: values.subject,
      message: values.message,
      attachments: attachments.ids,
    };
    const parsed = conversationSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        const rule = field === 'department' && !values.department ? 'required' : issue.message;
        next[field] ??= t(`validation.${rule}`, { 0: BOUNDS[field] ?? '' });
      }
      setErrors(next);
      return;
    }
    setSending(true);
    try {
      const { messageSend } = await api.request(MessageSendMutation, { data: input });
      queryClient.setQueryData(['conversation', messageSend.id], messageSend);
      void queryClient.invalidateQueries({ queryKey: ['conversations'] });
      flash.success(t('messages.sent'));
      await navigate({ to: '/user/conversation/$id', params: { id: messageSend.id } });
    } catch (caught) {
      const fields = fieldErrors(caught, t);
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(caught);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to="/user/messages" size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('messages.backToList')}
        </Group>
      </Anchor>
      <Stack gap={2}>
        <Title order={2} fz="lg">
          {t('routes.userSendMessage')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('messages.send.intro')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="md" component="form" ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={t('messages.send.department')}
            placeholder={t('messages.send.departmentPlaceholder')}
            data={MESSAGE_DEPARTMENTS.map((d) => ({ value: d, label: t(`contacts.roles.${d}`) }))}
            value={values.department || null}
            onChange={(value) => {
              setValues((v) => ({ ...v, department: value ?? '' }));
              setErrors((e) => ({ ...e, department: undefined }));
            }}
            error={errors.department}
            aria-invalid={invalid('department')}
            required
            data-testid="message-department"
          />
          <TextInput
            label={t('messages.send.subject')}
            value={values.subject}
            onChange={set('subject')}
            error={errors.subject}
            maxLength={CONVERSATION_SUBJECT_MAX}
            required
            data-testid="message-subject"
          />
          <Textarea
            label={t('messages.send.message')}
            value={values.message}
            onChange={set('message')}
            error={errors.message}
            autosize
            minRows={5}
            maxRows={16}
            maxLength={MESSAGE_BODY_MAX}
            required
            data-testid="message-body"
          />
          <AttachmentPicker attachments={attachments} disabled={sending} />
          {errors.attachments && (
            <Text size="sm" c="red.8" role="alert">
              {errors.attachments}
            </Text>
          )}
          {failure != null && <ErrorAlert error={failure} />}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/user/messages">
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={sending}
              disabled={attachments.busy}
              leftSection={<IconSend size={16} aria-hidden />}
              data-testid="message-send"
            >
              {t('messages.send.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

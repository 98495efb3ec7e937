import { PARTNER_PAGE, PARTNER_PAGE_LINKS } from '@pp/domain';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstInvalid } from '../../ui/useFormFields';
import { DescriptionEditor } from './DescriptionEditor';

/** What the form holds: every field as text, as the inputs do. */
export interface PartnerPageDraft {
  tagline: string;
  description: string;
  webUrl: string;
  termsUrl: string;
  complaintsUrl: string;
  contactEmail: string;
  contactPhone: string;
}
export type PartnerPageErrors = Partial<Record<keyof PartnerPageDraft, string>>;

/** The page's own texts, links and contacts (the name and the logo have their own cards above). */
export function PartnerPageForm({
  draft,
  errors,
  onChange,
  onSubmit,
  saving,
  canUpdate,
  failure,
  lastSaved,
}: {
  draft: PartnerPageDraft;
  errors: PartnerPageErrors;
  onChange: (next: PartnerPageDraft) => void;
  onSubmit: () => void;
  saving: boolean;
  canUpdate: boolean;
  failure: string | null;
  lastSaved: string | null;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
    // A refused save lands on the first field to fix, once its message is on it (WCAG 3.3.1).
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };
  const text = (field: keyof PartnerPageDraft, max: number) => ({
    label: t(`partnerPage.fields.${field}`),
    value: draft[field],
    error: errors[field],
    maxLength: max,
    readOnly: !canUpdate,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...draft, [field]: e.currentTarget.value }),
    'data-testid': `partner-page-${field}`,
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="partner-page-form-title">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="partner-page-form-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="partner-page-form-title">
              {t('partnerPage.form.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {lastSaved ? t('partnerPage.form.lastSaved', { date: lastSaved }) : t('partnerPage.form.neverSaved')}
            </Text>
          </div>
          {!canUpdate && (
            <Alert color="gray" variant="light">
              {t('partnerPage.form.readOnly')}
            </Alert>
          )}
          <TextInput
            {...text('tagline', PARTNER_PAGE.taglineMax)}
            description={t('partnerPage.counter', { count: draft.tagline.length, max: PARTNER_PAGE.taglineMax })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          {canUpdate ? (
            <DescriptionEditor
              value={draft.description}
              onChange={(description) => onChange({ ...draft, description })}
              error={errors.description}
            />
          ) : null}
          <Title order={3} size="h5">
            {t('partnerPage.form.contact')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              {...text('contactEmail', PARTNER_PAGE.emailMax)}
              type="email"
              required
              description={t('partnerPage.fields.contactEmailHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <TextInput
              {...text('contactPhone', PARTNER_PAGE.phoneMax)}
              type="tel"
              description={t('partnerPage.fields.contactPhoneHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          </SimpleGrid>
          <Title order={3} size="h5">
            {t('partnerPage.form.links')}
          </Title>
          {PARTNER_PAGE_LINKS.map((field) => (
            <TextInput
              key={field}
              {...text(field, PARTNER_PAGE.urlMax)}
              label={t(`partnerPage.links.${field}`)}
              type="url"
              placeholder="https://"
            />
          ))}
          {failure && (
            <Text c="red" size="sm" role="alert" data-testid="partner-page-error">
              {failure}
            </Text>
          )}
          {canUpdate && (
            <Group justify="flex-end">
              <Button type="submit" loading={saving} data-testid="partner-page-save">
                {t('partnerPage.form.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

import {
  BRAND_LOGO,
  BRAND_NAME_MAX,
  brandIdOf,
  brandNameIssues,
  brandRequestSchema,
  LANGUAGES,
  type Language,
} from '@pp/domain';
import {
  ActionIcon,
  Alert,
  Avatar,
  Button,
  Checkbox,
  FileButton,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertTriangle, IconPhotoUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError, errorMessage, fieldErrors } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { sessionStore } from '../../app/session/sessionStore';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { focusFirstInvalid } from '../../ui/useFormFields';
import { useDocumentTitle } from '../../ui/PageFrame';
import { uploadFile } from '../../app/api/files';
import { countryOptions } from './countries';
import { BrandRequestCreateMutation, type BrandRow } from './operations';

interface Party {
  name: string;
  street: string;
  city: string;
  country: string;
  zip: string;
  email: string;
}

interface Translation {
  languageId: Language;
  name: string;
  description: string;
}

export interface BrandRequestDraft {
  name: string;
  webTitle: string;
  description: string;
  logo: { fileId: string; url: string } | null;
  manufacturer: Party;
  withResponsiblePerson: boolean;
  responsiblePerson: Party;
  translations: Translation[];
}

const emptyParty = (): Party => ({ name: '', street: '', city: '', country: '', zip: '', email: '' });

export const emptyDraft = (): BrandRequestDraft => ({
  name: '',
  webTitle: '',
  description: '',
  logo: null,
  manufacturer: emptyParty(),
  withResponsiblePerson: false,
  responsiblePerson: emptyParty(),
  translations: [],
});

/**
 * A half-written request survives a reload of the tab; a sent one clears it (spec §4 "success clears
 * drafts"). Session storage, not local: addresses typed on a shared computer leave with the tab.
 */
function draftKey(): string {
  return `pp.brandRequestDraft.${sessionStore.get().partnerId ?? 'none'}`;
}

function writeDraft(draft: BrandRequestDraft | null): void {
  try {
    if (draft === null) window.sessionStorage.removeItem(draftKey());
    else window.sessionStorage.setItem(draftKey(), JSON.stringify(draft));
  } catch {
    // Without storage the draft lives only as long as the page.
  }
}

function readDraft(): BrandRequestDraft {
  let stored: unknown = null;
  try {
    stored = JSON.parse(window.sessionStorage.getItem(draftKey()) ?? 'null');
  } catch {
    stored = null;
  }
  if (!stored || typeof stored !== 'object') return emptyDraft();
  const draft = { ...emptyDraft(), ...(stored as Partial<BrandRequestDraft>) };
  // Only what a person typed is kept; anything malformed starts over.
  return typeof draft.name === 'string' && Array.isArray(draft.translations) ? draft : emptyDraft();
}

/** The request as the server reads it: empty optional texts are left out rather than sent as ''. */
export function brandRequestInput(draft: BrandRequestDraft) {
  const optional = (value: string) => (value.trim() ? value : undefined);
  return {
    name: draft.name,
    webTitle: optional(draft.webTitle),
    description: optional(draft.description),
    logoFileId: draft.logo?.fileId,
    manufacturer: { ...draft.manufacturer, email: optional(draft.manufacturer.email) },
    responsiblePerson: draft.withResponsiblePerson
      ? { ...draft.responsiblePerson, email: optional(draft.responsiblePerson.email) }
      : undefined,
    translations: draft.translations,
  };
}

type Errors = Record<string, string>;

/** The form's messages from the domain's rules, keyed by the field path the server uses too. */
export function draftErrors(draft: BrandRequestDraft, t: TFunction): Errors {
  const errors: Errors = {};
  for (const issue of brandNameIssues(draft.name)) errors.name ??= t(`validation.${issue.rule}`, issue.params ?? {});
  const parsed = brandRequestSchema.safeParse(brandRequestInput(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      const raw = issue as unknown as { maximum?: number | bigint; params?: Record<string, unknown> };
      const params = { 0: raw.maximum !== undefined ? Number(raw.maximum) : raw.params?.[0], ...(raw.params ?? {}) };
      errors[key] ??= t(`validation.${issue.message}`, params);
    }
  }
  // An unchosen country is a missing answer, not a wrong one.
  if (!draft.manufacturer.country) errors['manufacturer.country'] = t('validation.required');
  if (draft.withResponsiblePerson && !draft.responsiblePerson.country) {
    errors['responsiblePerson.country'] = t('validation.required');
  }
  return errors;
}

export function BrandRequestPage() {
  useDocumentTitle('brands');
  return <BrandRequestForm />;
}

export function BrandRequestForm() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<BrandRequestDraft>(readDraft);
  const [errors, setErrors] = useState<Errors>({});
  const [similar, setSimilar] = useState<BrandRow[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const countries = useMemo(() => countryOptions(format.locale), [format.locale]);

  const saveDraft = useDebouncedCallback((next: BrandRequestDraft) => writeDraft(next), 500);
  useEffect(() => saveDraft(draft), [draft, saveDraft]);

  const showErrors = (next: Errors) => {
    setErrors(next);
    // After the messages are on the fields (aria-invalid), the user lands on the first one (WCAG 3.3.1).
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };

  const change = (patch: Partial<BrandRequestDraft>, ...cleared: string[]) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSimilar(null);
    if (cleared.length) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !cleared.includes(k))));
  };

  const send = useMutation({
    mutationFn: ({ data, force }: { data: ReturnType<typeof brandRequestInput>; force: boolean }) =>
      api.request(BrandRequestCreateMutation, { data: data as never, force }),
    onSuccess: ({ brandRequestCreate: result }) => {
      if (!result.success) {
        setSimilar(result.similarBrandsList);
        return;
      }
      flash.success(t('brands.request.sent', { name: result.request?.name ?? draft.name }));
      writeDraft(null);
      saveDraft.cancel?.();
      setDraft(emptyDraft());
      setSimilar(null);
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: ['brandRequests'] });
      void navigate({ to: '/brands/history' });
    },
    onError: (error) => {
      const fields = fieldErrors(error, t);
      if (error instanceof ApiError && error.code === 'BRAND_ALREADY_REQUESTED')
        fields.name ??= error.message || t('errors.BRAND_ALREADY_REQUESTED', { 0: draft.name });
      if (Object.keys(fields).length) {
        setFailure(null);
        showErrors(fields);
      } else setFailure(error);
    },
  });

  const submit = (force: boolean) => {
    setFailure(null);
    const next = draftErrors(draft, t);
    if (Object.keys(next).length) {
      showErrors(next);
      return;
    }
    setErrors({});
    send.mutate({ data: brandRequestInput(draft), force });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(false);
  };

  const brandId = brandIdOf(draft.name);

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="brand-request-form">
      <Stack gap="lg" maw={900}>
        <Alert variant="light" color="blue">
          {t('brands.request.intro')}
        </Alert>

        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('brands.request.brand')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('brands.request.name')}
                description={
                  brandId
                    ? t('brands.request.idPreview', { id: brandId })
                    : t('brands.request.nameHelp', { max: BRAND_NAME_MAX })
                }
                required
                value={draft.name}
                onChange={(e) => change({ name: e.currentTarget.value }, 'name')}
                error={errors.name}
                maxLength={BRAND_NAME_MAX + 10}
                data-testid="brand-request-name"
              />
              <TextInput
                label={t('brands.request.webTitle')}
                value={draft.webTitle}
                onChange={(e) => change({ webTitle: e.currentTarget.value }, 'webTitle')}
                error={errors.webTitle}
                data-testid="brand-request-web-title"
              />
            </SimpleGrid>
            <Textarea
              label={t('brands.request.description')}
              autosize
              minRows={3}
              maxRows={10}
              value={draft.description}
              onChange={(e) => change({ description: e.currentTarget.value }, 'description')}
              error={errors.description}
              data-testid="brand-request-description"
            />
            <LogoField
              value={draft.logo}
              onChange={(logo) => change({ logo }, 'logoFileId')}
              error={errors.logoFileId}
            />
          </Stack>
        </Paper>

        <PartyFields
          title={t('brands.request.manufacturer')}
          prefix="manufacturer"
          value={draft.manufacturer}
          countries={countries}
          errors={errors}
          onChange={(manufacturer, field) => change({ manufacturer }, `manufacturer.${field}`)}
        />

        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Checkbox
              label={t('brands.request.withResponsiblePerson')}
              description={t('brands.request.responsiblePersonHelp')}
              checked={draft.withResponsiblePerson}
              onChange={(e) => change({ withResponsiblePerson: e.currentTarget.checked })}
              data-testid="brand-request-with-responsible"
            />
            {draft.withResponsiblePerson && (
              <PartyFields
                title={t('brands.request.responsiblePerson')}
                prefix="responsiblePerson"
                value={draft.responsiblePerson}
                countries={countries}
                errors={errors}
                bare
                onChange={(responsiblePerson, field) => change({ responsiblePerson }, `responsiblePerson.${field}`)}
              />
            )}
          </Stack>
        </Paper>

        <TranslationsFields
          value={draft.translations}
          errors={errors}
          onChange={(translations) => change({ translations })}
        />

        {similar && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('brands.request.similarTitle')}
            role="alert"
            data-testid="brand-similar"
          >
            <Stack gap="sm">
              <Text size="sm">{t('brands.request.similarHelp')}</Text>
              <List size="sm">
                {similar.map((brand) => (
                  <List.Item key={brand.id}>
                    <strong>{brand.name}</strong> ({brand.id})
                  </List.Item>
                ))}
              </List>
              <Group gap="xs">
                <Button
                  color="orange"
                  onClick={() => submit(true)}
                  loading={send.isPending}
                  data-testid="brand-request-force"
                >
                  {t('brands.request.force')}
                </Button>
                <Button variant="default" onClick={() => setSimilar(null)}>
                  {t('brands.request.edit')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {failure !== null && <ErrorAlert error={failure} />}

        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            onClick={() => {
              writeDraft(null);
              setDraft(emptyDraft());
              setErrors({});
              setSimilar(null);
              setFailure(null);
            }}
          >
            {t('brands.request.clear')}
          </Button>
          <Button
            type="submit"
            loading={send.isPending && !similar}
            disabled={!!similar}
            data-testid="brand-request-submit"
          >
            {t('brands.request.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PartyFields(props: {
  title: string;
  prefix: 'manufacturer' | 'responsiblePerson';
  value: Party;
  countries: { value: string; label: string }[];
  errors: Errors;
  bare?: boolean;
  onChange: (value: Party, field: keyof Party) => void;
}) {
  const { t } = useTranslation();
  const { value, errors, prefix } = props;
  const text = (field: Exclude<keyof Party, 'country'>, required = true) => (
    <TextInput
      label={t(`brands.party.${field}`)}
      required={required}
      type={field === 'email' ? 'email' : 'text'}
      value={value[field]}
      onChange={(e) => props.onChange({ ...value, [field]: e.currentTarget.value }, field)}
      error={errors[`${prefix}.${field}`]}
      data-testid={`${prefix}-${field}`}
    />
  );
  const fields = (
    <Stack gap="sm">
      <Title order={props.bare ? 3 : 2} fz={props.bare ? 'md' : 'lg'}>
        {props.title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('name')}
        {text('street')}
        {text('city')}
        {text('zip')}
        <Select
          label={t('brands.party.country')}
          required
          searchable
          data={props.countries}
          value={value.country || null}
          onChange={(country) => props.onChange({ ...value, country: country ?? '' }, 'country')}
          error={errors[`${prefix}.country`]}
          nothingFoundMessage={t('brands.party.noCountry')}
          data-testid={`${prefix}-country`}
        />
        {text('email', false)}
      </SimpleGrid>
    </Stack>
  );
  return props.bare ? (
    fields
  ) : (
    <Paper withBorder p="md" radius="md">
      {fields}
    </Paper>
  );
}

function TranslationsFields(props: { value: Translation[]; errors: Errors; onChange: (value: Translation[]) => void }) {
  const { t } = useTranslation();
  const used = new Set(props.value.map((tr) => tr.languageId));
  const next = LANGUAGES.find((l) => !used.has(l));
  const set = (index: number, patch: Partial<Translation>) =>
    props.onChange(props.value.map((tr, i) => (i === index ? { ...tr, ...patch } : tr)));
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('brands.request.translations')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('brands.request.translationsHelp')}
        </Text>
        {props.value.map((translation, i) => (
          <Paper key={translation.languageId} withBorder p="sm" radius="sm" data-testid={`translation-${i}`}>
            <Stack gap="xs">
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <Select
                  label={t('brands.request.language')}
                  w={180}
                  allowDeselect={false}
                  data={LANGUAGES.filter((l) => l === translation.languageId || !used.has(l)).map((l) => ({
                    value: l,
                    label: t(`languages.${l}`),
                  }))}
                  value={translation.languageId}
                  onChange={(languageId) => languageId && set(i, { languageId: languageId as Language })}
                  error={props.errors[`translations.${i}.languageId`]}
                />
                <TextInput
                  flex={1}
                  label={t('brands.request.translatedName')}
                  required
                  value={translation.name}
                  onChange={(e) => set(i, { name: e.currentTarget.value })}
                  error={props.errors[`translations.${i}.name`]}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  onClick={() => props.onChange(props.value.filter((_, j) => j !== i))}
                  aria-label={t('brands.request.removeTranslation', {
                    language: t(`languages.${translation.languageId}`),
                  })}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              <Textarea
                label={t('brands.request.translatedDescription')}
                autosize
                minRows={2}
                value={translation.description}
                onChange={(e) => set(i, { description: e.currentTarget.value })}
                error={props.errors[`translations.${i}.description`]}
              />
            </Stack>
          </Paper>
        ))}
        {next && (
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => props.onChange([...props.value, { languageId: next, name: '', description: '' }])}
              data-testid="brand-request-add-translation"
            >
              {t('brands.request.addTranslation')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

interface UploadedLogo {
  fileId: string;
  url: string;
  width: number;
  height: number;
}

/** What the browser can tell before uploading; the server decodes the image and has the last word. */
export function logoPrecheck(file: { type: string; size: number }): 'BRAND_LOGO_TYPE' | 'BRAND_LOGO_TOO_LARGE' | null {
  if (!['image/png', 'image/jpeg'].includes(file.type)) return 'BRAND_LOGO_TYPE';
  if (file.size > BRAND_LOGO.maxBytes) return 'BRAND_LOGO_TOO_LARGE';
  return null;
}

function LogoField(props: {
  value: BrandRequestDraft['logo'];
  onChange: (logo: BrandRequestDraft['logo']) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadFile<UploadedLogo>('/medias/brand/images', file),
    onSuccess: (logo) => {
      setProblem(null);
      props.onChange({ fileId: logo.fileId, url: logo.url });
    },
    onError: (error) => setProblem(errorMessage(error, t)),
  });
  const pick = (file: File | null) => {
    if (!file) return;
    const early = logoPrecheck(file);
    if (early) {
      setProblem(t(`errors.${early}`));
      return;
    }
    upload.mutate(file);
  };
  const message = problem ?? props.error;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('brands.request.logo')}
      </Text>
      <Group gap="sm">
        {props.value && (
          <Avatar
            src={props.value.url}
            alt={t('brands.request.logoPreview')}
            size={64}
            radius="sm"
            data-testid="brand-logo-preview"
          />
        )}
        <FileButton onChange={pick} accept="image/png,image/jpeg">
          {(buttonProps) => (
            <Button
              {...buttonProps}
              variant="default"
              leftSection={<IconPhotoUp size={16} />}
              loading={upload.isPending}
              aria-describedby="brand-logo-help"
              data-testid="brand-logo-upload"
            >
              {props.value ? t('brands.request.logoReplace') : t('brands.request.logoUpload')}
            </Button>
          )}
        </FileButton>
        {props.value && (
          <Button variant="subtle" color="red" onClick={() => props.onChange(null)}>
            {t('brands.request.logoRemove')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" id="brand-logo-help">
        {t('brands.request.logoHelp', { min: BRAND_LOGO.minPx, max: BRAND_LOGO.maxPx })}
      </Text>
      {message && (
        <Text size="sm" c="red" role="alert" data-testid="brand-logo-error">
          {message}
        </Text>
      )}
    </Stack>
  );
}

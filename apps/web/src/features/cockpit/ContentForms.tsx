import { Button, Checkbox, Group, Modal, NativeSelect, NumberInput, Stack, Tabs, Text, TextInput } from '@mantine/core';
import {
  CONTENT_FALLBACK_LANGUAGE,
  CONTENT_LIMITS,
  type ContentPageKey,
  contentPageInputSchema,
  FAQ_TOPICS,
  type FaqTopic,
  faqInputSchema,
  type Language,
  LANGUAGES,
  SERVICE_LINKS,
  type ServiceLink,
  serviceInputSchema,
} from '@pp/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors } from '../../app/api/apiError';
import { RichTextField } from '../../ui/RichTextField';
import {
  type CockpitContentPage,
  type CockpitFaqEntry,
  type CockpitService,
  CockpitSaveContentPageMutation,
  CockpitSaveFaqMutation,
  CockpitSaveServiceMutation,
} from '../content/operations';

/** The languages in the tabs: English first (required, the fallback), then the others. */
const TAB_LANGUAGES: Language[] = [
  CONTENT_FALLBACK_LANGUAGE,
  ...LANGUAGES.filter((l) => l !== CONTENT_FALLBACK_LANGUAGE),
];

export const LINK_LABELS: Record<ServiceLink, string> = {
  '/billings/self-billing': 'selfBilling',
  '/deliveries/mall': 'mallDelivery',
  '/services/mall-pay': 'mallPay',
  '/financing': 'financing',
};

type Texts<T> = Record<Language, T>;

export function textsOf<T extends { lang: string }>(
  given: readonly T[],
  empty: () => Omit<T, 'lang'>,
): Texts<Omit<T, 'lang'>> {
  return Object.fromEntries(
    LANGUAGES.map((lang) => {
      const found = given.find((t) => t.lang === lang);
      const { lang: _, ...rest } = found ?? ({ lang, ...empty() } as T);
      return [lang, rest];
    }),
  ) as Texts<Omit<T, 'lang'>>;
}

/** The languages an operator wrote something in (English always: the schema says when it is missing). */
export function written<T extends object>(texts: Texts<T>): { lang: Language; text: T }[] {
  return TAB_LANGUAGES.filter(
    (lang) =>
      lang === CONTENT_FALLBACK_LANGUAGE ||
      Object.values(texts[lang]).some((v) => typeof v === 'string' && v.replace(/<[^>]*>/g, '').trim() !== ''),
  ).map((lang) => ({ lang, text: texts[lang] }));
}

/**
 * Errors keyed as the form shows them: a field of the entity (`serviceName`) or `<lang>.<field>` for a text,
 * from the schema's or the server's `texts.<index>.<field>` (the index of the submitted list).
 */
export function keyed(errors: Record<string, string>, langs: readonly Language[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = /^texts\.(\d+)\.(\w+)$/.exec(path);
    const key = match ? `${langs[Number(match[1])]}.${match[2]}` : path;
    out[key] ??= message;
  }
  return out;
}

function issuesOf(
  issues: readonly { path: PropertyKey[]; message: string; params?: unknown }[],
  t: TFunction,
  bounds: Record<string, number>,
) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.join('.');
    const field = String(issue.path.at(-1));
    const params = { 0: bounds[field] ?? '', ...((issue.params as object) ?? {}) };
    out[path] ??= t(`validation.${issue.message}`, params);
  }
  return out;
}

/** One form's frame: the modal, the language tabs and the buttons, with the errors the form keeps. */
function LanguageForm({
  title,
  testId,
  errors,
  problem,
  saving,
  onClose,
  onSubmit,
  head,
  tab,
}: {
  title: string;
  testId: string;
  errors: Record<string, string>;
  problem: string | null;
  saving: boolean;
  onClose: () => void;
  onSubmit: () => void;
  head: ReactNode;
  tab: (lang: Language) => ReactNode;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState<string>(CONTENT_FALLBACK_LANGUAGE);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const failing = (lang: string) => Object.keys(errors).some((k) => k.startsWith(`${lang}.`));
  return (
    <Modal opened onClose={onClose} size="xl" title={title}>
      <form onSubmit={submit} noValidate data-testid={testId}>
        <Stack gap="md">
          {head}
          <Text size="sm" c="dimmed">
            {t('content.cockpit.languageHint')}
          </Text>
          {errors.texts && (
            <Text c="red" size="sm" role="alert">
              {errors.texts}
            </Text>
          )}
          <Tabs value={active} onChange={(v) => v && setActive(v)} keepMounted={false}>
            <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
              {TAB_LANGUAGES.map((lang) => (
                <Tabs.Tab key={lang} value={lang} color={failing(lang) ? 'red' : undefined}>
                  {t(`languages.${lang}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TAB_LANGUAGES.map((lang) => (
              <Tabs.Panel key={lang} value={lang} pt="sm">
                <Stack gap="sm">{tab(lang)}</Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
          {problem && (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('content.cockpit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Runs the schema, then the mutation; keeps the errors keyed for the form either way. */
function useSave<T>(send: (input: T) => Promise<unknown>, onSaved: () => void) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [langs, setLangs] = useState<Language[]>([]);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: onSaved,
    onError: (error) => {
      const fields = fieldErrors(error, t);
      setErrors(keyed(fields, langs));
      setProblem(Object.keys(fields).length ? null : errorMessage(error, t));
    },
  });
  const run = (
    schema: {
      safeParse(v: unknown): {
        success: boolean;
        error?: { issues: readonly { path: PropertyKey[]; message: string }[] };
      };
    },
    input: T,
    submitted: Language[],
    bounds: Record<string, number>,
  ) => {
    setLangs(submitted);
    setProblem(null);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(keyed(issuesOf(parsed.error!.issues, t, bounds), submitted));
      return;
    }
    setErrors({});
    mutation.mutate(input);
  };
  return { errors, problem, saving: mutation.isPending, run };
}

const SERVICE_BOUNDS = {
  serviceName: CONTENT_LIMITS.serviceNameMax,
  provider: CONTENT_LIMITS.providerMax,
  title: CONTENT_LIMITS.titleMax,
  summary: CONTENT_LIMITS.summaryMax,
  body: CONTENT_LIMITS.bodyMax,
  price: CONTENT_LIMITS.priceMax,
  question: CONTENT_LIMITS.questionMax,
  answer: CONTENT_LIMITS.answerMax,
};

type ServiceTextDraft = { title: string; summary: string; body: string; price: string };

/** A service: its address, provider, portal link, order, visibility and the texts per language. */
export function ServiceForm({
  service,
  nextPosition,
  onClose,
  onSaved,
}: {
  service: CockpitService | null;
  nextPosition: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [head, setHead] = useState({
    serviceName: service?.serviceName ?? '',
    provider: service?.provider ?? '',
    link: (service?.link ?? '') as ServiceLink | '',
    position: service?.position ?? nextPosition,
    active: service?.active ?? true,
  });
  const [texts, setTexts] = useState<Texts<ServiceTextDraft>>(() =>
    textsOf(service?.texts ?? [], () => ({ title: '', summary: '', body: '', price: '' })),
  );
  const save = useSave(
    (input: object) => api.request(CockpitSaveServiceMutation, { id: service?.id ?? null, input: input as never }),
    onSaved,
  );
  const set = (lang: Language, patch: Partial<ServiceTextDraft>) =>
    setTexts((all) => ({ ...all, [lang]: { ...all[lang], ...patch } }));
  const submit = () => {
    const list = written(texts);
    const input = { ...head, link: head.link || null, texts: list.map(({ lang, text }) => ({ lang, ...text })) };
    save.run(
      serviceInputSchema,
      input,
      list.map((l) => l.lang),
      SERVICE_BOUNDS,
    );
  };
  const e = save.errors;
  return (
    <LanguageForm
      title={
        service ? t('content.cockpit.editService', { name: service.serviceName }) : t('content.cockpit.newService')
      }
      testId="content-service-form"
      errors={e}
      problem={save.problem}
      saving={save.saving}
      onClose={onClose}
      onSubmit={submit}
      head={
        <Stack gap="sm">
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('content.cockpit.fields.serviceName')}
              description={t('content.cockpit.fields.serviceNameHint', { name: head.serviceName || 'feed-manager' })}
              value={head.serviceName}
              onChange={(ev) => setHead({ ...head, serviceName: ev.currentTarget.value })}
              error={e.serviceName}
              required
              miw={220}
            />
            <TextInput
              label={t('content.cockpit.fields.provider')}
              value={head.provider}
              onChange={(ev) => setHead({ ...head, provider: ev.currentTarget.value })}
              error={e.provider}
              required
              miw={220}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <NativeSelect
              label={t('content.cockpit.fields.link')}
              value={head.link}
              onChange={(ev) => setHead({ ...head, link: ev.currentTarget.value as ServiceLink | '' })}
              error={e.link}
              data={[
                { value: '', label: t('content.cockpit.fields.linkNone') },
                ...SERVICE_LINKS.map((l) => ({
                  value: l,
                  label: `${t(`content.cockpit.links.${LINK_LABELS[l]}`)} (${l})`,
                })),
              ]}
              miw={220}
            />
            <NumberInput
              label={t('content.cockpit.fields.position')}
              value={head.position}
              onChange={(v) => setHead({ ...head, position: typeof v === 'number' ? v : 0 })}
              error={e.position}
              min={0}
              max={10_000}
              allowDecimal={false}
              miw={120}
            />
          </Group>
          <Checkbox
            label={t('content.cockpit.fields.active')}
            checked={head.active}
            onChange={(ev) => setHead({ ...head, active: ev.currentTarget.checked })}
          />
        </Stack>
      }
      tab={(lang) => {
        const text = texts[lang];
        const required = lang === CONTENT_FALLBACK_LANGUAGE;
        return (
          <>
            <TextInput
              label={t('content.cockpit.fields.title')}
              value={text.title}
              onChange={(ev) => set(lang, { title: ev.currentTarget.value })}
              error={e[`${lang}.title`]}
              required={required}
            />
            <TextInput
              label={t('content.cockpit.fields.summary')}
              value={text.summary}
              onChange={(ev) => set(lang, { summary: ev.currentTarget.value })}
              error={e[`${lang}.summary`]}
              required={required}
            />
            <TextInput
              label={t('content.cockpit.fields.price')}
              value={text.price}
              onChange={(ev) => set(lang, { price: ev.currentTarget.value })}
              error={e[`${lang}.price`]}
            />
            <RichTextField
              value={text.body}
              onChange={(html) => set(lang, { body: html })}
              error={e[`${lang}.body`]}
              label={t('content.cockpit.fields.body')}
              description={t('content.cockpit.fields.bodyHint')}
              labels="products.detail.editor"
              rich
              minHeight={160}
              testId={`content-service-body-${lang}`}
            />
          </>
        );
      }}
    />
  );
}

type PageTextDraft = { title: string; body: string };

/** The mall-pay or financing page's text per language. */
export function PageTextForm({
  page,
  onClose,
  onSaved,
}: {
  page: CockpitContentPage;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const key = page.key as ContentPageKey;
  const [texts, setTexts] = useState<Texts<PageTextDraft>>(() => textsOf(page.texts, () => ({ title: '', body: '' })));
  const save = useSave(
    (input: object) => api.request(CockpitSaveContentPageMutation, { input: input as never }),
    onSaved,
  );
  const set = (lang: Language, patch: Partial<PageTextDraft>) =>
    setTexts((all) => ({ ...all, [lang]: { ...all[lang], ...patch } }));
  const submit = () => {
    const list = written(texts);
    save.run(
      contentPageInputSchema,
      { key, texts: list.map(({ lang, text }) => ({ lang, ...text })) },
      list.map((l) => l.lang),
      SERVICE_BOUNDS,
    );
  };
  const e = save.errors;
  return (
    <LanguageForm
      title={t('content.cockpit.editPage', { name: t(`content.cockpit.pageNames.${key}`) })}
      testId="content-page-form"
      errors={e}
      problem={save.problem}
      saving={save.saving}
      onClose={onClose}
      onSubmit={submit}
      head={null}
      tab={(lang) => (
        <>
          <TextInput
            label={t('content.cockpit.fields.title')}
            value={texts[lang].title}
            onChange={(ev) => set(lang, { title: ev.currentTarget.value })}
            error={e[`${lang}.title`]}
            required={lang === CONTENT_FALLBACK_LANGUAGE}
          />
          <RichTextField
            value={texts[lang].body}
            onChange={(html) => set(lang, { body: html })}
            error={e[`${lang}.body`]}
            label={t('content.cockpit.fields.body')}
            description={t('content.cockpit.fields.bodyHint')}
            labels="products.detail.editor"
            rich
            minHeight={200}
            testId={`content-page-body-${lang}`}
          />
        </>
      )}
    />
  );
}

type FaqTextDraft = { question: string; answer: string };

/** A question of the help center: topic, order, published, and the question and answer per language. */
export function FaqForm({
  entry,
  nextPosition,
  onClose,
  onSaved,
}: {
  entry: CockpitFaqEntry | null;
  nextPosition: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [head, setHead] = useState({
    topic: (entry?.topic ?? FAQ_TOPICS[0]) as FaqTopic,
    position: entry?.position ?? nextPosition,
    published: entry?.published ?? false,
  });
  const [texts, setTexts] = useState<Texts<FaqTextDraft>>(() =>
    textsOf(entry?.texts ?? [], () => ({ question: '', answer: '' })),
  );
  const save = useSave(
    (input: object) => api.request(CockpitSaveFaqMutation, { id: entry?.id ?? null, input: input as never }),
    onSaved,
  );
  const set = (lang: Language, patch: Partial<FaqTextDraft>) =>
    setTexts((all) => ({ ...all, [lang]: { ...all[lang], ...patch } }));
  const submit = () => {
    const list = written(texts);
    save.run(
      faqInputSchema,
      { ...head, texts: list.map(({ lang, text }) => ({ lang, ...text })) },
      list.map((l) => l.lang),
      SERVICE_BOUNDS,
    );
  };
  const e = save.errors;
  return (
    <LanguageForm
      title={entry ? t('content.cockpit.editQuestion') : t('content.cockpit.newQuestion')}
      testId="content-faq-form"
      errors={e}
      problem={save.problem}
      saving={save.saving}
      onClose={onClose}
      onSubmit={submit}
      head={
        <Stack gap="sm">
          <Group grow align="flex-start" wrap="wrap">
            <NativeSelect
              label={t('content.cockpit.fields.topic')}
              value={head.topic}
              onChange={(ev) => setHead({ ...head, topic: ev.currentTarget.value as FaqTopic })}
              error={e.topic}
              data={FAQ_TOPICS.map((topic) => ({ value: topic, label: t(`content.faq.topics.${topic}`) }))}
              miw={200}
            />
            <NumberInput
              label={t('content.cockpit.fields.position')}
              value={head.position}
              onChange={(v) => setHead({ ...head, position: typeof v === 'number' ? v : 0 })}
              error={e.position}
              min={0}
              max={10_000}
              allowDecimal={false}
              miw={120}
            />
          </Group>
          <Checkbox
            label={t('content.cockpit.fields.published')}
            checked={head.published}
            onChange={(ev) => setHead({ ...head, published: ev.currentTarget.checked })}
          />
        </Stack>
      }
      tab={(lang) => (
        <>
          <TextInput
            label={t('content.cockpit.fields.question')}
            value={texts[lang].question}
            onChange={(ev) => set(lang, { question: ev.currentTarget.value })}
            error={e[`${lang}.question`]}
            required={lang === CONTENT_FALLBACK_LANGUAGE}
          />
          <RichTextField
            value={texts[lang].answer}
            onChange={(html) => set(lang, { answer: html })}
            error={e[`${lang}.answer`]}
            label={t('content.cockpit.fields.answer')}
            description={t('content.cockpit.fields.bodyHint')}
            labels="products.detail.editor"
            rich
            minHeight={160}
            testId={`content-faq-answer-${lang}`}
          />
        </>
      )}
    />
  );
}

import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  type Language,
  LANGUAGES,
  requiredTermsLanguages,
  SHOP_IDS,
  type ShopId,
  termsVersionSchema,
} from '@pp/domain';
import { IconArrowLeft, IconPlus, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';
import {
  CockpitPublishTermsMutation,
  CockpitSaveTermsMutation,
  type CockpitTermsVersion,
  CockpitTermsQuery,
} from '../terms/operations';

const KEY = ['cockpitTerms'] as const;

interface ContentDraft {
  lang: Language;
  title: string;
  body: string;
}

interface Draft {
  id: string | null;
  shopId: ShopId;
  version: string;
  validFrom: string;
  showInHistory: boolean;
  contents: ContentDraft[];
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function emptyDraft(shopId: ShopId): Draft {
  return {
    id: null,
    shopId,
    version: '',
    validFrom: today(),
    showInHistory: true,
    contents: requiredTermsLanguages(shopId).map((lang) => ({ lang, title: '', body: '' })),
  };
}

function draftOf(version: CockpitTermsVersion): Draft {
  return {
    id: version.id,
    shopId: version.shopId as ShopId,
    version: version.version,
    validFrom: version.validFrom,
    showInHistory: version.showInHistory,
    contents: version.contents.map((c) => ({ lang: c.lang as Language, title: c.title, body: c.body })),
  };
}

/** Operators: the versions of each shop's general terms, a form for a new one, publishing. */
export function TermsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [shopId, setShopId] = useState<ShopId>('CZ10MA');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [publishing, setPublishing] = useState<CockpitTermsVersion | null>(null);
  const list = useQuery({
    queryKey: [...KEY, shopId],
    queryFn: ({ signal }) => api.request(CockpitTermsQuery, { shopId }, { signal }).then((r) => r.cockpitTerms),
  });
  const publish = useMutation({
    mutationFn: (id: string) => api.request(CockpitPublishTermsMutation, { id }),
    onSuccess: () => {
      setPublishing(null);
      flash.success(t('cockpit.terms.published'));
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  return (
    <PageFrame
      route="cockpitTerms"
      actions={
        <>
          <Button
            renderRoot={(props) => <Link {...props} to="/cockpit" />}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            {t('cockpit.terms.back')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDraft(emptyDraft(shopId))}
            data-testid="terms-new"
          >
            {t('cockpit.terms.new')}
          </Button>
        </>
      }
    >
      <NativeSelect
        label={t('cockpit.terms.shop')}
        value={shopId}
        onChange={(e) => setShopId(e.currentTarget.value as ShopId)}
        data={SHOP_IDS.map((s) => ({ value: s, label: `${t(`markets.${s}`)} (${s})` }))}
        w={{ base: '100%', xs: 280 }}
        data-testid="terms-shop"
      />
      {list.error && <ErrorAlert error={list.error} />}
      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" striped data-testid="cockpit-terms-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('terms.version')}</Table.Th>
                <Table.Th>{t('terms.validFrom')}</Table.Th>
                <Table.Th>{t('cockpit.terms.state')}</Table.Th>
                <Table.Th>{t('cockpit.terms.approvedBy')}</Table.Th>
                <Table.Th>{t('terms.languages')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.map((v) => (
                <Table.Tr key={v.id} data-testid={`cockpit-terms-row-${v.version}`}>
                  <Table.Td fw={600}>{v.version}</Table.Td>
                  <Table.Td>{format.date(v.validFrom)}</Table.Td>
                  <Table.Td>
                    <Badge color={v.published ? 'teal' : 'gray'} variant="light">
                      {t(v.published ? 'cockpit.terms.statePublished' : 'cockpit.terms.stateDraft')}
                    </Badge>
                    {!v.showInHistory && (
                      <Text size="xs" c="dimmed">
                        {t('cockpit.terms.hiddenInHistory')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {v.approvedBy ?? '—'}
                    {v.publishedAt && (
                      <Text size="xs" c="dimmed">
                        {format.dateTime(v.publishedAt)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{v.languages.map((l) => l.toUpperCase()).join(', ')}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {!v.published && (
                        <>
                          <Button size="xs" variant="default" onClick={() => setDraft(draftOf(v))}>
                            {t('cockpit.terms.edit')}
                          </Button>
                          <Button
                            size="xs"
                            leftSection={<IconSend size={14} />}
                            onClick={() => setPublishing(v)}
                            data-testid={`terms-publish-${v.version}`}
                          >
                            {t('cockpit.terms.publish')}
                          </Button>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {draft && (
        <TermsForm
          draft={draft}
          onClose={() => setDraft(null)}
          onSaved={() => {
            setDraft(null);
            flash.success(t('cockpit.terms.saved'));
            void queryClient.invalidateQueries({ queryKey: KEY });
          }}
        />
      )}
      <Modal
        opened={publishing !== null}
        onClose={() => setPublishing(null)}
        title={t('cockpit.terms.publishTitle', { version: publishing?.version ?? '' })}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {t('cockpit.terms.publishText', {
              market: publishing ? t(`markets.${publishing.shopId}`) : '',
              date: publishing ? format.date(publishing.validFrom) : '',
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPublishing(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              loading={publish.isPending}
              onClick={() => publishing && publish.mutate(publishing.id)}
              data-testid="terms-publish-confirm"
            >
              {t('cockpit.terms.publish')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageFrame>
  );
}

function TermsForm({ draft, onClose, onSaved }: { draft: Draft; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<Draft>(draft);
  const [tab, setTab] = useState<string>(draft.contents[0]?.lang ?? 'en');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const { id, ...input } = value;
      return api.request(CockpitSaveTermsMutation, { id, input: { ...input, contents: input.contents } });
    },
    onSuccess: onSaved,
    onError: (error) => {
      const fields = fieldErrors(error, t);
      setErrors(fields);
      setProblem(Object.keys(fields).length ? null : errorMessage(error, t));
    },
  });
  const setContent = (lang: string, patch: Partial<ContentDraft>) =>
    setValue((v) => ({ ...v, contents: v.contents.map((c) => (c.lang === lang ? { ...c, ...patch } : c)) }));
  const missing = LANGUAGES.filter((l) => !value.contents.some((c) => c.lang === l));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = termsVersionSchema.safeParse(value);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        const params = (issue as { params?: Record<string, string> }).params ?? {};
        next[key] ??= t(`validation.${issue.message}`, { 0: issue.message === 'max' ? 20 : '', ...params });
      }
      setErrors(next);
      const firstContent = parsed.error.issues.find((i) => i.path[0] === 'contents' && typeof i.path[1] === 'number');
      if (firstContent) setTab(value.contents[firstContent.path[1] as number]?.lang ?? tab);
      return;
    }
    setErrors({});
    save.mutate();
  };
  const index = (lang: string) => value.contents.findIndex((c) => c.lang === lang);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t(draft.id ? 'cockpit.terms.editTitle' : 'cockpit.terms.newTitle', {
        market: t(`markets.${value.shopId}`),
      })}
    >
      <form onSubmit={submit} noValidate data-testid="terms-form">
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextInput
              label={t('terms.version')}
              description={t('cockpit.terms.versionHint')}
              value={value.version}
              onChange={(e) => setValue({ ...value, version: e.currentTarget.value })}
              error={errors.version}
              required
              data-testid="terms-form-version"
            />
            <TextInput
              type="date"
              label={t('terms.validFrom')}
              value={value.validFrom}
              min={today()}
              onChange={(e) => setValue({ ...value, validFrom: e.currentTarget.value })}
              error={errors.validFrom}
              required
              data-testid="terms-form-valid-from"
            />
          </Group>
          <Checkbox
            label={t('cockpit.terms.showInHistory')}
            checked={value.showInHistory}
            onChange={(e) => setValue({ ...value, showInHistory: e.currentTarget.checked })}
          />
          {errors.contents && (
            <Text c="red" size="sm" role="alert">
              {errors.contents}
            </Text>
          )}
          <Tabs value={tab} onChange={(v) => v && setTab(v)}>
            <Tabs.List>
              {value.contents.map((c) => (
                <Tabs.Tab
                  key={c.lang}
                  value={c.lang}
                  color={
                    Object.keys(errors).some((k) => k.startsWith(`contents.${index(c.lang)}.`)) ? 'red' : undefined
                  }
                >
                  {t(`languages.${c.lang}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {value.contents.map((c) => {
              const i = index(c.lang);
              const required = requiredTermsLanguages(value.shopId).includes(c.lang);
              return (
                <Tabs.Panel key={c.lang} value={c.lang} pt="sm">
                  <Stack gap="sm">
                    <TextInput
                      label={t('cockpit.terms.title')}
                      value={c.title}
                      onChange={(e) => setContent(c.lang, { title: e.currentTarget.value })}
                      error={errors[`contents.${i}.title`]}
                      required
                      data-testid={`terms-form-title-${c.lang}`}
                    />
                    <Textarea
                      label={t('cockpit.terms.body')}
                      description={t('cockpit.terms.bodyHint')}
                      value={c.body}
                      onChange={(e) => setContent(c.lang, { body: e.currentTarget.value })}
                      error={errors[`contents.${i}.body`]}
                      autosize
                      minRows={8}
                      maxRows={20}
                      required
                      styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
                      data-testid={`terms-form-body-${c.lang}`}
                    />
                    {!required && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        w="fit-content"
                        onClick={() => {
                          setValue((v) => ({ ...v, contents: v.contents.filter((x) => x.lang !== c.lang) }));
                          setTab(value.contents[0]?.lang ?? 'en');
                        }}
                      >
                        {t('cockpit.terms.removeLanguage')}
                      </Button>
                    )}
                  </Stack>
                </Tabs.Panel>
              );
            })}
          </Tabs>
          {missing.length > 0 && (
            <Select
              placeholder={t('cockpit.terms.addLanguage')}
              aria-label={t('cockpit.terms.addLanguage')}
              data={missing.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
              value={null}
              onChange={(lang) => {
                if (!lang) return;
                setValue((v) => ({ ...v, contents: [...v.contents, { lang: lang as Language, title: '', body: '' }] }));
                setTab(lang);
              }}
              w={{ base: '100%', xs: 240 }}
            />
          )}
          {problem && (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="terms-form-save">
              {t('cockpit.terms.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

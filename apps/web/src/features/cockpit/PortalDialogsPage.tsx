import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  CONTENT_FALLBACK_LANGUAGE,
  type Language,
  LANGUAGES,
  PORTAL_DIALOG_LIMITS,
  portalDialogInputSchema,
  SHOP_IDS,
  type ShopId,
} from '@pp/domain';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors } from '../../app/api/apiError';
import { canOperate } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { graphql, type ResultOf } from '../../graphql/graphql';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { PageFrame } from '../../ui/PageFrame';
import { RichTextField } from '../../ui/RichTextField';
import { keyed, textsOf, written } from './ContentForms';

export const CockpitPortalDialogsQuery = graphql(`
  query CockpitPortalDialogs {
    cockpitPortalDialogs {
      id
      shops
      validFrom
      validTo
      published
      publishedAt
      updated
      texts {
        lang
        title
        body
      }
    }
  }
`);

export const CockpitSavePortalDialogMutation = graphql(`
  mutation CockpitSavePortalDialog($id: ID, $input: PortalDialogInput!) {
    cockpitSavePortalDialog(id: $id, input: $input) { id }
  }
`);

export const CockpitSetPortalDialogPublishedMutation = graphql(`
  mutation CockpitSetPortalDialogPublished($id: ID!, $published: Boolean!) {
    cockpitSetPortalDialogPublished(id: $id, published: $published) { id published }
  }
`);

type CockpitPortalDialog = ResultOf<typeof CockpitPortalDialogsQuery>['cockpitPortalDialogs'][number];

const KEY = ['cockpitPortalDialogs'] as const;
const TAB_LANGUAGES: Language[] = [
  CONTENT_FALLBACK_LANGUAGE,
  ...LANGUAGES.filter((l) => l !== CONTENT_FALLBACK_LANGUAGE),
];

/** An ISO instant as the browser's `datetime-local` field shows it (local time, minutes). */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The field's local time as an ISO instant; what is not a date stays as typed, for the schema to refuse. */
function fromLocalInput(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** Operators: the portal dialogs — announcements to the partners of chosen markets, shown once per person. */
export function PortalDialogsPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const canEdit = canOperate(session, 'content', 'update');
  const [editing, setEditing] = useState<CockpitPortalDialog | 'new' | null>(null);
  const list = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.request(CockpitPortalDialogsQuery, {}, { signal }).then((r) => r.cockpitPortalDialogs),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const publish = useMutation({
    mutationFn: (v: { id: string; published: boolean }) => api.request(CockpitSetPortalDialogPublishedMutation, v),
    onSuccess: (_, v) => {
      flash.success(t(v.published ? 'portalDialog.cockpit.published' : 'portalDialog.cockpit.withdrawn'));
      void refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const when = (iso: string | null | undefined) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
  const titleOf = (d: CockpitPortalDialog) =>
    (d.texts.find((x) => x.lang === i18n.language) ?? d.texts.find((x) => x.lang === CONTENT_FALLBACK_LANGUAGE))
      ?.title ?? '';

  return (
    <PageFrame
      route="cockpitPortalDialogs"
      description={t('portalDialog.cockpit.subtitle')}
      actions={
        canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('portalDialog.cockpit.new')}
          </Button>
        )
      }
    >
      {list.error && <ErrorAlert error={list.error} />}
      {list.isPending ? (
        <LoadingScreen />
      ) : (
        <Card withBorder padding={0}>
          {/* A phone scrolls the table sideways: a named region a keyboard can focus scrolls with the keys too. */}
          <Table.ScrollContainer
            minWidth={760}
            type="native"
            role="region"
            aria-label={t('routes.cockpitPortalDialogs')}
            tabIndex={0}
          >
            <Table verticalSpacing="sm" data-testid="portal-dialogs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('portalDialog.cockpit.columns.title')}</Table.Th>
                  <Table.Th scope="col">{t('portalDialog.cockpit.columns.markets')}</Table.Th>
                  <Table.Th scope="col">{t('portalDialog.cockpit.columns.validity')}</Table.Th>
                  <Table.Th scope="col">{t('portalDialog.cockpit.columns.state')}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('portalDialog.cockpit.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(list.data ?? []).length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" size="sm">
                        {t('portalDialog.cockpit.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {(list.data ?? []).map((d) => (
                  <Table.Tr key={d.id} data-testid={`portal-dialog-${d.id}`}>
                    <Table.Td>
                      <Text fw={500}>{titleOf(d)}</Text>
                      <Text size="xs" c="dimmed">
                        {d.texts.map((x) => x.lang.toUpperCase()).join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>{d.shops.map((s) => t(`markets.${s}`)).join(', ')}</Table.Td>
                    <Table.Td>
                      {when(d.validFrom)} – {d.validTo ? when(d.validTo) : t('portalDialog.cockpit.openEnd')}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={d.published ? 'teal' : 'gray'} variant="light">
                        {t(d.published ? 'portalDialog.cockpit.state.published' : 'portalDialog.cockpit.state.draft')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {canEdit && (
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button size="xs" variant="default" onClick={() => setEditing(d)}>
                            {t('portalDialog.cockpit.edit')}
                          </Button>
                          <Button
                            size="xs"
                            variant={d.published ? 'default' : 'filled'}
                            loading={publish.isPending && publish.variables?.id === d.id}
                            onClick={() => publish.mutate({ id: d.id, published: !d.published })}
                          >
                            {t(d.published ? 'portalDialog.cockpit.withdraw' : 'portalDialog.cockpit.publish')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {editing && (
        <PortalDialogForm
          dialog={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            flash.success(t('portalDialog.cockpit.saved'));
            void refresh();
          }}
        />
      )}
    </PageFrame>
  );
}

type TextDraft = { title: string; body: string };

/** The form of one dialog: markets, validity and the texts per language, checked by the domain before sending. */
export function PortalDialogForm({
  dialog,
  onClose,
  onSaved,
}: {
  dialog: CockpitPortalDialog | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [shops, setShops] = useState<ShopId[]>((dialog?.shops ?? []) as ShopId[]);
  const [validFrom, setValidFrom] = useState(toLocalInput(dialog?.validFrom ?? new Date().toISOString()));
  const [validTo, setValidTo] = useState(toLocalInput(dialog?.validTo));
  const [texts, setTexts] = useState(() =>
    textsOf<{ lang: string } & TextDraft>(dialog?.texts ?? [], () => ({ title: '', body: '' })),
  );
  const [active, setActive] = useState<string>(CONTENT_FALLBACK_LANGUAGE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [langs, setLangs] = useState<Language[]>([]);
  const save = useMutation({
    mutationFn: (input: object) =>
      api.request(CockpitSavePortalDialogMutation, { id: dialog?.id ?? null, input: input as never }),
    onSuccess: onSaved,
    onError: (error) => {
      const fields = fieldErrors(error, t);
      setErrors(keyed(fields, langs));
      setProblem(Object.keys(fields).length ? null : errorMessage(error, t));
    },
  });
  const bounds: Record<string, number> = { title: PORTAL_DIALOG_LIMITS.titleMax, body: PORTAL_DIALOG_LIMITS.bodyMax };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const list = written(texts);
    const submitted = list.map((l) => l.lang);
    const input = {
      shops,
      validFrom: fromLocalInput(validFrom),
      validTo: validTo ? fromLocalInput(validTo) : null,
      texts: list.map(({ lang, text }) => ({ lang, ...text })),
    };
    setLangs(submitted);
    setProblem(null);
    const parsed = portalDialogInputSchema.safeParse(input);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path.at(-1));
        const params = { 0: bounds[field] ?? '', ...((issue as { params?: object }).params ?? {}) };
        out[issue.path.join('.')] ??= t(`validation.${issue.message}`, params);
      }
      setErrors(keyed(out, submitted));
      return;
    }
    setErrors({});
    save.mutate(input);
  };
  const set = (lang: Language, patch: Partial<TextDraft>) =>
    setTexts((all) => ({ ...all, [lang]: { ...all[lang], ...patch } }));
  const failing = (lang: string) => Object.keys(errors).some((k) => k.startsWith(`${lang}.`));
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={dialog ? t('portalDialog.cockpit.editTitle') : t('portalDialog.cockpit.newTitle')}
    >
      <form onSubmit={submit} noValidate data-testid="portal-dialog-form">
        <Stack gap="md">
          <Checkbox.Group
            label={t('portalDialog.cockpit.fields.markets')}
            value={shops}
            onChange={(v) => setShops(v as ShopId[])}
            error={errors.shops}
            withAsterisk
          >
            <Group gap="md" mt={4}>
              {SHOP_IDS.map((shop) => (
                <Checkbox key={shop} value={shop} label={t(`markets.${shop}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              type="datetime-local"
              label={t('portalDialog.cockpit.fields.validFrom')}
              value={validFrom}
              onChange={(e) => setValidFrom(e.currentTarget.value)}
              error={errors.validFrom}
              required
              miw={220}
            />
            <TextInput
              type="datetime-local"
              label={t('portalDialog.cockpit.fields.validTo')}
              description={t('portalDialog.cockpit.fields.validToHint')}
              value={validTo}
              onChange={(e) => setValidTo(e.currentTarget.value)}
              error={errors.validTo}
              miw={220}
            />
          </Group>
          <Text size="sm" c="dimmed">
            {t('portalDialog.cockpit.languageHint')}
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
                <Stack gap="sm">
                  <TextInput
                    label={t('portalDialog.cockpit.fields.title')}
                    value={texts[lang].title}
                    onChange={(e) => set(lang, { title: e.currentTarget.value })}
                    error={errors[`${lang}.title`]}
                    required={lang === CONTENT_FALLBACK_LANGUAGE}
                  />
                  <RichTextField
                    value={texts[lang].body}
                    onChange={(html) => set(lang, { body: html })}
                    error={errors[`${lang}.body`]}
                    label={t('portalDialog.cockpit.fields.body')}
                    description={t('portalDialog.cockpit.fields.bodyHint')}
                    labels="products.detail.editor"
                    rich
                    minHeight={160}
                    testId={`portal-dialog-body-${lang}`}
                  />
                </Stack>
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
            <Button type="submit" loading={save.isPending}>
              {t('portalDialog.cockpit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

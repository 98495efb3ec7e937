import { partnerPageSchema } from '@pp/domain';
import { Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors, issueErrors } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { useDocumentTitle } from '../../ui/PageFrame';
import { UnsavedChangesGuard } from '../../ui/UnsavedChanges';
import { InfoSection } from '../partner/info/InfoSection';
import { LogoSection } from '../partner/info/LogoSection';
import { INFO_KEYS, ShopProfileQuery, type ShopProfileData } from '../partner/info/operations';
import { PublicTitle } from '../partner/info/ProfileSection';
import { type PartnerPageDraft, type PartnerPageErrors, PartnerPageForm } from './PartnerPageForm';
import { PartnerPagePreview } from './PartnerPagePreview';
import { PARTNER_PAGE_KEYS, type PartnerPageFieldsData, PartnerPageQuery, SavePartnerPageMutation } from './operations';

const draftOf = (page: PartnerPageFieldsData): PartnerPageDraft => ({
  tagline: page.tagline,
  description: page.description,
  webUrl: page.webUrl,
  termsUrl: page.termsUrl,
  complaintsUrl: page.complaintsUrl,
  contactEmail: page.contactEmail,
  contactPhone: page.contactPhone,
});

/**
 * marketing/partner-page: the shop's public page on the marketplace, edited on the left and previewed on the
 * right as a shopper would see it (stacked on a phone). The public name and the logo are the shop profile's,
 * edited here with the partner info tab's own parts; the rest is the page's.
 */
export function PartnerPagePage() {
  const { t } = useTranslation();
  useDocumentTitle('partnerPage');
  const session = useSession();
  const profile = useQuery({
    queryKey: INFO_KEYS.profile,
    queryFn: ({ signal }) => api.request(ShopProfileQuery, {}, { signal }).then((r) => r.shopProfile),
  });
  const page = useQuery({
    queryKey: PARTNER_PAGE_KEYS.page,
    queryFn: ({ signal }) => api.request(PartnerPageQuery, {}, { signal }).then((r) => r.partnerPage),
  });
  if (profile.isPending || page.isPending) return <Loader aria-label={t('common.loading')} />;
  if (profile.isError) return <ErrorAlert error={profile.error} />;
  if (page.isError) return <ErrorAlert error={page.error} />;
  return (
    <PartnerPageEditor profile={profile.data} page={page.data} canUpdate={canAccess(session, 'partner', 'update')} />
  );
}

function PartnerPageEditor({
  profile,
  page,
  canUpdate,
}: {
  profile: ShopProfileData;
  page: PartnerPageFieldsData;
  canUpdate: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const saved = draftOf(page);
  const [draft, setDraft] = useState<PartnerPageDraft>(saved);
  const [errors, setErrors] = useState<PartnerPageErrors>({});
  const [touched, setTouched] = useState(false);
  const dirty = canUpdate && JSON.stringify(draft) !== JSON.stringify(saved);

  // The same rules the server applies, shown before the request goes (and as the person fixes them).
  const judge = (next: PartnerPageDraft): PartnerPageErrors => {
    const parsed = partnerPageSchema.safeParse(next);
    return parsed.success ? {} : issueErrors<keyof PartnerPageDraft>(parsed.error.issues, t);
  };
  const change = (next: PartnerPageDraft) => {
    setDraft(next);
    if (touched) setErrors(judge(next));
  };
  const save = useMutation({
    mutationFn: () => api.request(SavePartnerPageMutation, { input: draft }),
    onSuccess: ({ savePartnerPage }) => {
      queryClient.setQueryData(PARTNER_PAGE_KEYS.page, savePartnerPage);
      setDraft(draftOf(savePartnerPage));
      setTouched(false);
      setErrors({});
      flash.success(t('partnerPage.form.saved'));
    },
    onError: (error) => setErrors(fieldErrors(error, t)),
  });
  const submit = () => {
    setTouched(true);
    const found = judge(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const failure =
    save.isError && Object.keys(fieldErrors(save.error, t)).length === 0 ? errorMessage(save.error, t) : null;

  return (
    <Stack gap="md" data-testid="partner-page">
      <UnsavedChangesGuard dirty={dirty && !save.isPending} />
      <Text c="dimmed">{t('partnerPage.intro')}</Text>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <InfoSection id="page-title" title={t('partnerPage.name.title')} intro={t('partnerPage.name.intro')}>
              <PublicTitle key={profile.publicTitle ?? ''} profile={profile} canUpdate={canUpdate} />
            </InfoSection>
            <LogoSection profile={profile} canUpdate={canUpdate} />
            <PartnerPageForm
              draft={draft}
              errors={errors}
              onChange={change}
              onSubmit={submit}
              saving={save.isPending}
              canUpdate={canUpdate}
              failure={failure}
              lastSaved={page.updated ? format.dateTime(page.updated) : null}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} style={{ position: 'sticky', top: 'var(--mantine-spacing-md)' }}>
          <Stack gap="xs" component="section" aria-labelledby="partner-page-preview-heading">
            <div>
              <Title order={2} size="h4" id="partner-page-preview-heading">
                {t('partnerPage.preview.heading')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('partnerPage.preview.intro')}
              </Text>
            </div>
            <PartnerPagePreview
              content={{
                ...draft,
                publicTitle: profile.publicTitle,
                partnerName: profile.partnerName,
                logoUrl: profile.logo?.url ?? null,
              }}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

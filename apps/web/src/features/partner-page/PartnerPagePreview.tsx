import { isEmptyDescription, type PartnerPageLink, partnerPageSchema } from '@pp/domain';
import { Anchor, Avatar, Badge, Divider, Group, Image, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { IconExternalLink, IconMail, IconPhone } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hostOf, initialsOf, previewHtml, previewLinks, telOf } from './preview';

/** A contact's icon stays beside the first line of its text when the text wraps. */
const ICON_STYLE = { flexShrink: 0, marginTop: 2 } as const;

export interface PreviewContent extends Record<PartnerPageLink, string> {
  publicTitle: string | null;
  partnerName: string;
  logoUrl: string | null;
  tagline: string;
  description: string;
  contactEmail: string;
  contactPhone: string;
}

/**
 * The public page as a shopper sees it on the marketplace, drawn from what the form holds now (not yet
 * saved): the shop's name and logo, its tagline, "about the seller", and how to reach it.
 */
export function PartnerPagePreview({ content }: { content: PreviewContent }) {
  const { t } = useTranslation();
  const title = content.publicTitle?.trim() || t('partnerPage.preview.noTitle');
  const description = useMemo(
    () => (isEmptyDescription(content.description) ? '' : previewHtml(content.description)),
    [content.description],
  );
  const links = previewLinks(content);
  // As the links: an address the page could not be saved with is no contact a shopper would get.
  const typedEmail = content.contactEmail.trim();
  const email = partnerPageSchema.shape.contactEmail.safeParse(typedEmail).success ? typedEmail : '';
  const phone = content.contactPhone.trim();
  const hasContact = Boolean(email || phone || links.length > 0);
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="article"
      aria-labelledby="partner-page-preview-title"
      data-testid="partner-page-preview"
      style={{ overflowWrap: 'anywhere' }}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="center">
          {content.logoUrl ? (
            <Paper withBorder radius="md" w={88} h={88} p={6} style={{ flex: '0 0 auto', display: 'flex' }}>
              <Image
                src={content.logoUrl}
                alt={t('partner.info.logo.alt', { name: title })}
                fit="contain"
                w="100%"
                h="100%"
              />
            </Paper>
          ) : (
            <Avatar size={88} radius="md" color="blue" aria-hidden>
              {initialsOf(title)}
            </Avatar>
          )}
          <Stack gap={4} style={{ minWidth: 0 }}>
            {/* In a narrow column the label wraps rather than ending in an ellipsis. */}
            <Badge
              variant="light"
              color="gray"
              maw="100%"
              h="auto"
              py={2}
              styles={{ label: { whiteSpace: 'normal' } }}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('partnerPage.preview.seller')}
            </Badge>
            <Title order={3} id="partner-page-preview-title" data-testid="preview-title">
              {title}
            </Title>
            {content.tagline.trim() && (
              <Text c="dimmed" data-testid="preview-tagline">
                {content.tagline.trim()}
              </Text>
            )}
          </Stack>
        </Group>
        <Divider />
        <Stack gap="xs">
          <Title order={4}>{t('partnerPage.preview.about')}</Title>
          {description ? (
            <Typography>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: previewHtml keeps only the allow-list's tags and http(s)/mailto links */}
              <div data-testid="preview-description" dangerouslySetInnerHTML={{ __html: description }} />
            </Typography>
          ) : (
            <Text c="dimmed" size="sm">
              {t('partnerPage.preview.noDescription')}
            </Text>
          )}
        </Stack>
        <Divider />
        <Stack gap="xs">
          <Title order={4}>{t('partnerPage.preview.contact')}</Title>
          {hasContact ? (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {email && (
                <Group component="li" gap="xs" wrap="nowrap" align="flex-start">
                  <IconMail size={18} aria-hidden style={ICON_STYLE} />
                  <Text size="sm" span>
                    {t('partnerPage.preview.email')}:{' '}
                    <Anchor href={`mailto:${email}`} data-testid="preview-email">
                      {email}
                    </Anchor>
                  </Text>
                </Group>
              )}
              {phone && (
                <Group component="li" gap="xs" wrap="nowrap" align="flex-start">
                  <IconPhone size={18} aria-hidden style={ICON_STYLE} />
                  <Text size="sm" span>
                    {t('partnerPage.preview.phone')}:{' '}
                    <Anchor href={`tel:${telOf(phone)}`} data-testid="preview-phone">
                      {phone}
                    </Anchor>
                  </Text>
                </Group>
              )}
              {links.map((link) => (
                <Group component="li" gap="xs" wrap="nowrap" align="flex-start" key={link.kind}>
                  <IconExternalLink size={18} aria-hidden style={ICON_STYLE} />
                  <Text size="sm" span>
                    {t(`partnerPage.links.${link.kind}`)}:{' '}
                    <Anchor
                      href={link.href}
                      target="_blank"
                      rel="nofollow noopener noreferrer"
                      data-testid={`preview-${link.kind}`}
                    >
                      {hostOf(link.href)}
                    </Anchor>
                  </Text>
                </Group>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed" size="sm">
              {t('partnerPage.preview.noContact')}
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

import { Box, Text, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/i18n/format';
import type { TermsPage } from './operations';

/**
 * One version of the terms as written. The body is HTML the server cleaned with its allow-list when the
 * operator saved it (modules/products/sanitize.ts), so it is shown as markup, not re-escaped.
 */
export function TermsBody({ terms, withTitle = true }: { terms: TermsPage; withTitle?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Box data-testid="terms-body" lang={terms.content.lang}>
      {withTitle && (
        <Title order={2} fz={{ base: 20, sm: 24 }} mb={4}>
          {terms.content.title}
        </Title>
      )}
      <Text size="sm" c="dimmed" mb="md" data-testid="terms-version">
        {t('terms.versionLine', { version: terms.version, date: format.date(terms.validFrom) })}
      </Text>
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list */}
        <div dangerouslySetInnerHTML={{ __html: terms.content.body }} />
      </Typography>
    </Box>
  );
}

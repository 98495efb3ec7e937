import { LONG_DESC_MAX } from '@pp/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RichTextField } from '../../../ui/RichTextField';

/**
 * The long description as rich text: only what the server's allow-list keeps (paragraphs, bold, italic,
 * underline, lists, headings 2–4, links). The server sanitises whatever arrives; the counter counts the
 * HTML, as the 13,000 limit does.
 */
export function LongDescriptionEditor({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <RichTextField
      value={value}
      onChange={onChange}
      error={error}
      label={t('products.detail.fields.longDesc')}
      description={t('products.detail.counter', { count: value.length, max: LONG_DESC_MAX })}
      labels="products.detail.editor"
      rich
      testId="product-long-desc"
    >
      {value.length > LONG_DESC_MAX && (
        <Text size="xs" c="red" mt={4}>
          {t('validation.max', { 0: LONG_DESC_MAX })}
        </Text>
      )}
    </RichTextField>
  );
}

import { Accordion, Badge, Chip, Group, Stack, Text, TextInput, Typography } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FAQ_TOPICS, faqSearchTerm } from '@pp/domain';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { PageFrame } from '../../ui/PageFrame';
import { FaqQuery } from './operations';

const ALL = 'all';

/**
 * faq: the help center. The search looks in the questions and answers of the reader's language (accents and
 * case ignored, by the server); the topics narrow the list.
 */
export function FaqPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const [typed, setTyped] = useState('');
  const [topic, setTopic] = useState<string>(ALL);
  const [debounced] = useDebouncedValue(typed, 250);
  const search = faqSearchTerm(debounced);
  const query = useQuery({
    queryKey: ['faq', lang, search, topic],
    queryFn: ({ signal }) =>
      api.request(FaqQuery, { search, topic: topic === ALL ? null : topic }, { signal }).then((r) => r.faq),
    // The list stays while the next search is on its way (no flash of the loader at every keystroke).
    placeholderData: (previous) => previous,
  });
  return (
    <PageFrame route="faq" description={t('content.faq.intro')}>
      <TextInput
        type="search"
        label={t('content.faq.search')}
        description={t('content.faq.searchHint')}
        leftSection={<IconSearch size={16} />}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        maw={560}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="faq-topics">
          {t('content.faq.topic')}
        </Text>
        <Chip.Group value={topic} onChange={(v) => setTopic(String(v))}>
          <Group gap="xs" role="radiogroup" aria-labelledby="faq-topics">
            <Chip value={ALL}>{t('content.faq.allTopics')}</Chip>
            {FAQ_TOPICS.map((key) => (
              <Chip key={key} value={key}>
                {t(`content.faq.topics.${key}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      {query.error && <ErrorAlert error={query.error} />}
      {query.isPending ? (
        <LoadingScreen />
      ) : query.data && query.data.length === 0 ? (
        <Text c="dimmed">{t('content.faq.empty')}</Text>
      ) : (
        <Accordion variant="separated" maw={900} aria-live="polite">
          {query.data?.map((entry) => (
            <Accordion.Item key={entry.id} value={entry.id}>
              <Accordion.Control>
                <Group gap="xs" wrap="wrap">
                  <Text fw={500}>{entry.question}</Text>
                  <Badge variant="light" size="sm">
                    {t(`content.faq.topics.${entry.topic}`)}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Typography>
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list when an operator saved it */}
                  <div dangerouslySetInnerHTML={{ __html: entry.answer }} />
                </Typography>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </PageFrame>
  );
}

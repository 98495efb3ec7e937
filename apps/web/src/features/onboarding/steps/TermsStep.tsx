import { Alert, Badge, Button, Card, List, Modal, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCrown, IconRoute } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { useFormat } from '../../../app/i18n/format';
import { SESSION_QUERY_KEY, useSession } from '../../../app/session/session';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { ConsentDialog } from '../../terms/ConsentDialog';
import { FeesView } from '../../terms/FeesView';
import { CurrentTermsQuery } from '../../terms/operations';
import { TermsBody } from '../../terms/TermsBody';
import { CHECKLIST_KEY, WORKFLOW_KEY } from '../operations';

type Path = 'STANDARD' | 'VIP';
const PATHS: { path: Path; icon: typeof IconRoute }[] = [
  { path: 'STANDARD', icon: IconRoute },
  { path: 'VIP', icon: IconCrown },
];

export const CURRENT_TERMS_KEY = ['currentTerms'] as const;

/**
 * Step 2 of onboarding: the general terms of the partner's market, the ordinary and the VIP path, the
 * consent dialog and a thank-you, then the fees and the commission list the terms refer to.
 */
export function TermsStep() {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const queryClient = useQueryClient();
  const partner = session.selectedPartner;
  const [consent, setConsent] = useState<{ path?: Path } | null>(null);
  const [thanks, setThanks] = useState<'onboarding' | 'text' | null>(null);
  const query = useQuery({
    queryKey: [...CURRENT_TERMS_KEY, partner?.id],
    queryFn: ({ signal }) => api.request(CurrentTermsQuery, {}, { signal }).then((r) => r.currentTerms),
  });
  if (query.isPending) return <LoadingScreen />;
  if (query.error) return <ErrorAlert error={query.error} />;
  const { terms, agreed, agreement } = query.data;
  const registered = partner?.workflowStatus === 'REGISTERED';
  const agreedNow = () => {
    setConsent(null);
    setThanks(registered ? 'onboarding' : 'text');
    void queryClient.invalidateQueries({ queryKey: CURRENT_TERMS_KEY });
    void queryClient.invalidateQueries({ queryKey: WORKFLOW_KEY });
    void queryClient.invalidateQueries({ queryKey: CHECKLIST_KEY });
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };

  return (
    <Stack gap="lg" data-testid="terms-step">
      {!terms && <Alert color="yellow">{t('terms.none')}</Alert>}
      {terms && (
        <Card withBorder padding="lg">
          <ScrollArea.Autosize mah={380} type="auto" offsetScrollbars data-testid="terms-scroll">
            <TermsBody terms={terms} />
          </ScrollArea.Autosize>
        </Card>
      )}
      {agreed && agreement && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="terms-agreed">
          {t('terms.step.agreed', {
            version: agreement.version,
            names: agreement.names,
            date: format.dateTime(agreement.signed),
          })}
        </Alert>
      )}
      {terms && !agreed && registered && (
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {t('terms.step.choosePath')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {PATHS.map(({ path, icon: Icon }) => (
              <Card key={path} withBorder padding="lg" data-testid={`terms-path-${path}`}>
                <Stack gap="sm" h="100%" justify="space-between">
                  <Stack gap="xs">
                    <Text fw={600} size="lg">
                      <Icon size={20} style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
                      {t(`terms.paths.${path}.title`)}
                      {path === 'VIP' && (
                        <Badge ml="xs" color="grape" variant="light">
                          VIP
                        </Badge>
                      )}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t(`terms.paths.${path}.text`)}
                    </Text>
                    <List size="sm" spacing={4}>
                      {[1, 2, 3].map((n) => (
                        <List.Item key={n}>{t(`terms.paths.${path}.point${n}`)}</List.Item>
                      ))}
                    </List>
                  </Stack>
                  <Button
                    variant={path === 'STANDARD' ? 'filled' : 'light'}
                    onClick={() => setConsent({ path })}
                    disabled={session.impersonating}
                    data-testid={`terms-choose-${path}`}
                  >
                    {t(`terms.paths.${path}.choose`)}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {terms && !agreed && !registered && (
        <Button onClick={() => setConsent({})} disabled={session.impersonating} data-testid="terms-agree">
          {t('terms.prompt.agree')}
        </Button>
      )}
      {session.impersonating && !agreed && (
        <Text size="sm" c="dimmed">
          {t('terms.step.operatorCannotAgree')}
        </Text>
      )}
      {terms && (
        <ConsentDialog
          opened={consent !== null}
          contentId={terms.content.id}
          version={terms.version}
          path={consent?.path}
          onAgreed={agreedNow}
          onCancel={() => setConsent(null)}
        />
      )}
      <Modal opened={thanks !== null} onClose={() => setThanks(null)} title={t('terms.thanks.title')} centered>
        <Stack gap="md" data-testid="terms-thanks">
          <Text size="sm">{t(`terms.thanks.${thanks ?? 'text'}`)}</Text>
          <Button onClick={() => setThanks(null)} data-testid="terms-thanks-close">
            {t('common.close')}
          </Button>
        </Stack>
      </Modal>
      {partner && <FeesView shopId={partner.shopId} />}
    </Stack>
  );
}

import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { useFormat } from '../../../app/i18n/format';
import { useSession } from '../../../app/session/session';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import { ConsentDialog } from '../../terms/ConsentDialog';
import { InfoSection } from './InfoSection';
import { INFO_KEYS, TermsConsentQuery } from './operations';

/**
 * The general terms in force for the partner's market and whether (when, by whom) the partner agreed. A
 * partner that has not agreed gets the same consent dialog as the sign-in prompt; a REGISTERED partner
 * agrees in onboarding step 2, where it also chooses its path.
 */
export function TermsSection({ canUpdate }: { canUpdate: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const queryClient = useQueryClient();
  const [agreeing, setAgreeing] = useState(false);
  const state = useQuery({
    queryKey: INFO_KEYS.terms,
    queryFn: ({ signal }) => api.request(TermsConsentQuery, {}, { signal }).then((r) => r.currentTerms),
  });
  const registered = session.selectedPartner?.workflowStatus === 'REGISTERED';
  const agreed = () => {
    setAgreeing(false);
    void queryClient.invalidateQueries({ queryKey: INFO_KEYS.terms });
    void queryClient.invalidateQueries({ queryKey: ['currentTerms'] });
    void queryClient.invalidateQueries({ queryKey: ['termsPrompt'] });
    flash.success(t('partner.info.terms.thanks'));
  };
  return (
    <InfoSection id="terms" title={t('partner.info.terms.title')}>
      {state.isPending ? null : state.isError ? (
        <ErrorAlert error={state.error} />
      ) : !state.data.terms ? (
        <Text size="sm" c="dimmed">
          {t('partner.info.terms.none')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Group gap="sm" wrap="wrap">
            <Text size="sm">
              {t('partner.info.terms.version', {
                version: state.data.terms.version,
                date: format.date(state.data.terms.validFrom),
              })}
            </Text>
            <Badge color={state.data.agreed ? 'teal' : 'orange'} data-testid="terms-consent-state">
              {state.data.agreed ? t('partner.info.terms.agreed') : t('partner.info.terms.notAgreed')}
            </Badge>
          </Group>
          {state.data.agreement && (
            <Text size="sm" data-testid="terms-agreement">
              {t('partner.info.terms.agreedBy', {
                date: format.dateTime(state.data.agreement.signed),
                names: state.data.agreement.names,
                email: state.data.agreement.email,
              })}
            </Text>
          )}
          <Group gap="sm" wrap="wrap">
            <Anchor component={Link} to={`/business-terms/${state.data.terms.country}`} size="sm">
              {t('partner.info.terms.read')}
            </Anchor>
            {!state.data.agreed && registered && (
              <Anchor component={Link} to="/workflow/terms" size="sm">
                {t('partner.info.terms.toOnboarding')}
              </Anchor>
            )}
          </Group>
          {!state.data.agreed && !registered && session.impersonating && (
            <Text size="sm" c="dimmed">
              {t('partner.info.terms.operator')}
            </Text>
          )}
          {!state.data.agreed && registered && (
            <Text size="sm" c="dimmed">
              {t('partner.info.terms.onboarding')}
            </Text>
          )}
          {!state.data.agreed && !registered && !session.impersonating && canUpdate && (
            <Group>
              <Button onClick={() => setAgreeing(true)} data-testid="terms-agree">
                {t('partner.info.terms.agree')}
              </Button>
            </Group>
          )}
          <ConsentDialog
            opened={agreeing}
            contentId={state.data.terms.content.id}
            version={state.data.terms.version}
            onAgreed={agreed}
            onCancel={() => setAgreeing(false)}
          />
        </Stack>
      )}
    </InfoSection>
  );
}

import {
  PARTNER_NOTE_MAX_LENGTH,
  PARTNER_PEOPLE,
  PARTNER_PERSON_MAX_LENGTH,
  type PartnerLifecycleCommand,
  partnerAssignmentSchema,
  partnerNoteSchema,
} from '@pp/domain';
import { Button, Card, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconEye, IconEyeOff, IconPlayerPlay, IconPower } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { showRefusal } from '../../ui/formErrors';
import { FormActions } from '../../ui/FormActions';
import { flash } from '../../ui/flash';
import { useFormFields } from '../../ui/useFormFields';
import {
  CockpitAssignPartnerMutation,
  type CockpitPartnerDetail,
  CockpitPartnerLifecycleMutation,
  CockpitSetPartnerNoteMutation,
} from './PartnerDetailOperations';

/** After a change the detail, the grids and the workflow dialog read the partner anew. */
function useRefresh(partnerId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['cockpitPartner', partnerId] });
    void queryClient.invalidateQueries({ queryKey: ['cockpitPartners'] });
    void queryClient.invalidateQueries({ queryKey: ['cockpitOnboardingQueue'] });
    void queryClient.invalidateQueries({ queryKey: ['cockpitWorkflow', partnerId] });
  };
}

type People = Record<(typeof PARTNER_PEOPLE)[number], string>;

const peopleOf = (p: CockpitPartnerDetail): People => ({
  kam: p.kam ?? '',
  farmer: p.farmer ?? '',
  accountant: p.accountant ?? '',
  onboarding: p.onboarding ?? '',
});

/** KAM, farmer, accountant and the onboarding person: names the partner sees among its contacts. */
export function PartnerPeopleCard({ partner, canEdit }: { partner: CockpitPartnerDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const refresh = useRefresh(partner.id);
  const form = useFormFields<People>(peopleOf(partner));
  const { reset } = form;
  const { kam, farmer, accountant, onboarding } = partner;
  // Reset only when the saved names change: a refetch for any other reason (a note saved, a move) must not
  // wipe names being typed.
  useEffect(
    () => reset({ kam: kam ?? '', farmer: farmer ?? '', accountant: accountant ?? '', onboarding: onboarding ?? '' }),
    [kam, farmer, accountant, onboarding, reset],
  );
  const save = useMutation({
    mutationFn: (people: People) => api.request(CockpitAssignPartnerMutation, { partnerId: partner.id, ...people }),
    onSuccess: () => {
      flash.success(t('cockpitPartner.people.saved'));
      form.markSaved(form.values);
      refresh();
    },
    onError: (error) => showRefusal(error, t, form.setErrors),
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="partner-people">
      <form
        ref={form.formRef}
        onSubmit={(event) => {
          event.preventDefault();
          if (form.validate(partnerAssignmentSchema, t, { 0: PARTNER_PERSON_MAX_LENGTH })) save.mutate(form.values);
        }}
      >
        <Stack>
          <Title order={2} size="h4" id="partner-people">
            {t('cockpitPartner.people.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {PARTNER_PEOPLE.map((key) => (
              <TextInput
                key={key}
                label={t(`cockpitPartner.people.${key}`)}
                value={form.values[key]}
                onChange={form.set(key)}
                error={form.errors[key]}
                maxLength={PARTNER_PERSON_MAX_LENGTH}
                readOnly={!canEdit}
                data-testid={`partner-person-${key}`}
              />
            ))}
          </SimpleGrid>
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!form.dirty} data-testid="partner-people-save">
                {t('cockpitPartner.people.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

/** The operators' own note on the partner; the partner never sees it. */
export function PartnerNoteCard({ partner, canEdit }: { partner: CockpitPartnerDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const refresh = useRefresh(partner.id);
  const form = useFormFields({ note: partner.note ?? '' });
  const { reset } = form;
  // Reset only when the saved note changes: a refetch for another reason (names saved a moment ago, a move)
  // must not wipe a note being typed.
  const savedNote = partner.note ?? '';
  useEffect(() => reset({ note: savedNote }), [savedNote, reset]);
  const save = useMutation({
    mutationFn: (note: string) => api.request(CockpitSetPartnerNoteMutation, { partnerId: partner.id, note }),
    onSuccess: () => {
      flash.success(t('cockpitPartner.note.saved'));
      form.markSaved(form.values);
      refresh();
    },
    onError: (error) => showRefusal(error, t, form.setErrors),
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="partner-note">
      <form
        ref={form.formRef}
        onSubmit={(event) => {
          event.preventDefault();
          if (form.validate(partnerNoteSchema, t, { 0: PARTNER_NOTE_MAX_LENGTH })) save.mutate(form.values.note);
        }}
      >
        <Stack>
          <Title order={2} size="h4" id="partner-note">
            {t('cockpitPartner.note.title')}
          </Title>
          <Textarea
            label={t('cockpitPartner.note.label')}
            description={t('cockpitPartner.note.help')}
            value={form.values.note}
            onChange={form.set('note')}
            error={form.errors.note}
            maxLength={PARTNER_NOTE_MAX_LENGTH}
            autosize
            minRows={3}
            readOnly={!canEdit}
            data-testid="partner-note"
          />
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!form.dirty} data-testid="partner-note-save">
                {t('cockpitPartner.note.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

const COMMAND_ICONS: Record<PartnerLifecycleCommand, typeof IconPower> = {
  DEACTIVATE: IconPower,
  HIDE: IconEyeOff,
  REACTIVATE: IconPlayerPlay,
};

/**
 * Deactivate, hide on the web, reactivate: moves of the partner's workflow, each confirmed with an optional
 * note that goes to the partner with the move. Only the commands the partner's status allows are offered.
 */
export function PartnerLifecycleActions({ partner }: { partner: CockpitPartnerDetail }) {
  const { t } = useTranslation();
  const refresh = useRefresh(partner.id);
  const [command, setCommand] = useState<PartnerLifecycleCommand | null>(null);
  const [note, setNote] = useState('');
  const run = useMutation({
    mutationFn: (c: PartnerLifecycleCommand) =>
      api.request(CockpitPartnerLifecycleMutation, { partnerId: partner.id, command: c, note: note.trim() || null }),
    onSuccess: (_, c) => {
      flash.success(t(`cockpitPartner.lifecycle.done.${c}`, { name: partner.partnerName }));
      setCommand(null);
      setNote('');
      refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  if (partner.lifecycleCommands.length === 0) return null;
  return (
    <>
      <Group gap="xs">
        {partner.lifecycleCommands.map((c) => {
          const Icon = c === 'REACTIVATE' && partner.workflow.status === 'HIDDEN_ON_WEB' ? IconEye : COMMAND_ICONS[c];
          return (
            <Button
              key={c}
              variant="light"
              color={c === 'DEACTIVATE' ? 'red' : c === 'HIDE' ? 'orange' : 'green'}
              leftSection={<Icon size={16} aria-hidden />}
              onClick={() => setCommand(c)}
              data-testid={`partner-lifecycle-${c}`}
            >
              {t(`cockpitPartner.lifecycle.command.${c}`)}
            </Button>
          );
        })}
      </Group>
      <Modal
        opened={command !== null}
        onClose={() => setCommand(null)}
        title={command ? t(`cockpitPartner.lifecycle.command.${command}`) : ''}
        closeButtonProps={{ 'aria-label': t('cockpitPartner.lifecycle.cancel') }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (command) run.mutate(command);
          }}
        >
          <Stack>
            <Text size="sm">
              {command ? t(`cockpitPartner.lifecycle.confirm.${command}`, { name: partner.partnerName }) : ''}
            </Text>
            <Textarea
              label={t('cockpitPartner.lifecycle.note')}
              description={t('cockpitPartner.lifecycle.noteHelp')}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={2}
            />
            <FormActions
              cancelLabel={t('cockpitPartner.lifecycle.cancel')}
              submitLabel={command ? t(`cockpitPartner.lifecycle.command.${command}`) : ''}
              onCancel={() => setCommand(null)}
              loading={run.isPending}
              submitTestId="partner-lifecycle-submit"
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}

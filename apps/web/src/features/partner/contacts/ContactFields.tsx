import type { CONTACT_GROUPS } from '@pp/domain';
import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ContactGroup = (typeof CONTACT_GROUPS)[number];

export type ContactDraft = { firstName: string; lastName: string; email: string; phone: string; roles: string[] };

export const EMPTY_CONTACT: ContactDraft = { firstName: '', lastName: '', email: '', phone: '', roles: [] };

/** The fields of a contact person form; onboarding step 3 and the partner area share them. */
export function ContactFields({
  draft,
  errors,
  change,
  offeredRoles,
}: {
  draft: ContactDraft;
  errors: Record<string, string | undefined>;
  change: (patch: Partial<ContactDraft>) => void;
  offeredRoles: readonly ContactGroup[];
}) {
  const { t } = useTranslation();
  // The courier service calls the MALL Delivery contact; other roles may go without a phone.
  const phoneRequired = draft.roles.includes('MALL_DELIVERY');
  const text = (field: 'firstName' | 'lastName' | 'email' | 'phone', type: string, autoComplete: string) => (
    <TextInput
      label={t(`contacts.fields.${field}`)}
      value={draft[field]}
      onChange={(e) => change({ [field]: e.currentTarget.value })}
      error={errors[field]}
      type={type}
      autoComplete={autoComplete}
      required={field !== 'phone' || phoneRequired}
      description={
        field === 'phone' && offeredRoles.includes('MALL_DELIVERY') ? t('partner.contacts.phoneHelp') : undefined
      }
    />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {text('firstName', 'text', 'given-name')}
        {text('lastName', 'text', 'family-name')}
        {text('email', 'email', 'email')}
        {text('phone', 'tel', 'tel')}
      </SimpleGrid>
      <Checkbox.Group
        label={t('contacts.fields.roles')}
        description={t('contacts.rolesHelp')}
        value={draft.roles}
        onChange={(roles) => change({ roles })}
        error={errors.roles}
        withAsterisk
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt={6} spacing={6}>
          {offeredRoles.map((role) => (
            <Checkbox key={role} value={role} label={t(`contacts.roles.${role}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </>
  );
}

import { passwordPolicyIssues, passwordStrength } from '@pp/domain';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const COLORS = ['red', 'red', 'orange', 'yellow', 'green'] as const;
const RULES = ['passwordMinLength', 'passwordLowercase', 'passwordUppercase', 'passwordDigit', 'passwordSpecial'];

/** The strength bar of spec §5, with the policy's rules ticked off as they are met. */
export function PasswordStrength({ password, minLength }: { password: string; minLength: number }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  const missing = new Set(passwordPolicyIssues(password));
  return (
    <Stack gap={6} data-testid="password-strength">
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('passwordStrength.label')}
        </Text>
        <Text size="xs" fw={600} c={COLORS[strength]}>
          {t(`passwordStrength.levels.${strength}`)}
        </Text>
      </Group>
      <Progress value={(strength / 4) * 100} color={COLORS[strength]} size="sm" aria-hidden />
      <Stack gap={2}>
        {RULES.map((rule) => (
          <Group key={rule} gap={6} wrap="nowrap">
            {missing.has(rule) ? (
              <IconX size={14} color="var(--mantine-color-red-6)" />
            ) : (
              <IconCheck size={14} color="var(--mantine-color-green-6)" />
            )}
            <Text size="xs" c={missing.has(rule) ? 'dimmed' : undefined}>
              {t(`validation.${rule}`, { min: minLength })}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

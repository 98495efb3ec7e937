import { Button, Group } from '@mantine/core';

/** The footer of every dialog form: cancel on the left of the one submitting action. */
export function FormActions(props: {
  cancelLabel: string;
  submitLabel: string;
  onCancel: () => void;
  loading?: boolean;
  submitTestId?: string;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel}>
        {props.cancelLabel}
      </Button>
      <Button type="submit" loading={props.loading} data-testid={props.submitTestId}>
        {props.submitLabel}
      </Button>
    </Group>
  );
}

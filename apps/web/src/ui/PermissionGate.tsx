import { Tooltip } from '@mantine/core';
import { cloneElement, type ReactElement, useId } from 'react';
import type { Permission } from '../app/session/permission';

type Gated = ReactElement<{
  onClick?: unknown;
  'aria-disabled'?: boolean;
  'aria-describedby'?: string;
  'data-disabled'?: boolean;
  'data-denied'?: string;
  renderRoot?: unknown;
  component?: unknown;
}>;

/**
 * An action the account may not take: still in its place (a person sees what exists and who could do it),
 * but disabled, with the reason as a tooltip and as the control's description for screen readers.
 * A natively disabled button fires no pointer events, so it stays focusable with `aria-disabled` instead
 * and its click does nothing. Allowed actions pass through unchanged.
 */
export function PermissionGate({ permission, children }: { permission: Permission; children: Gated }) {
  const id = useId();
  if (permission.allowed) return children;
  const control = cloneElement(children, {
    onClick: (event: { preventDefault(): void }) => event.preventDefault(),
    renderRoot: undefined,
    component: undefined,
    'aria-disabled': true,
    'aria-describedby': id,
    'data-disabled': true,
    'data-denied': 'permission',
  });
  return (
    <>
      <Tooltip
        label={permission.reason}
        withArrow
        multiline
        maw={320}
        events={{ hover: true, focus: true, touch: true }}
      >
        {control}
      </Tooltip>
      <span id={id} hidden>
        {permission.reason}
      </span>
    </>
  );
}

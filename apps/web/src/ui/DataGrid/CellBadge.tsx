import { Badge, type BadgeVariant, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A status badge in a grid cell that breaks its label into lines rather than widen its column, in normal case
 * (Mantine's capitals are about a fifth wider). The products grid shows four of them side by side and still
 * fits 1440 px with its longest labels ("Needs confirmation", "Not for resale", "Delivery problem").
 */
export function CellBadge({
  color,
  variant = 'light',
  testId,
  state,
  children,
}: {
  color: MantineColor;
  variant?: BadgeVariant;
  testId?: string;
  /** The value the label stands for, for tests and styles that must not read words. */
  state?: string;
  children: ReactNode;
}) {
  return (
    <Badge
      color={color}
      variant={variant}
      tt="none"
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
      data-testid={testId}
      data-state={state}
    >
      {children}
    </Badge>
  );
}

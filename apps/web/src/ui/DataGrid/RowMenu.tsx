import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

interface RowMenuProps {
  /** The button's accessible name ("More actions for CZ-00240"). */
  label: string;
  testId?: string;
  /** The Menu.Item elements. */
  children: ReactNode;
}

/**
 * A row's "more actions" menu, built when first opened. A Mantine Menu per row (popover, floating
 * position, focus handling) cost about a tenth of the products grid's first render for 50 rows that are
 * rarely opened (issue 18, docs/performance.md); until then the row has only its button.
 */
export function RowMenu({ label, testId, children }: RowMenuProps) {
  const [built, setBuilt] = useState(false);
  const button = (onClick?: () => void) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={label}
      aria-haspopup="menu"
      data-testid={testId}
      onClick={onClick}
    >
      <IconDots size={16} />
    </ActionIcon>
  );
  if (!built) return button(() => setBuilt(true));
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>{button()}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

import { Outlet } from '@tanstack/react-router';
import { FlashQueue } from '../../ui/FlashQueue';
import { NotFound } from '../../ui/NotFound';
import { PublicFrame } from './PublicLayout';

export function RootView() {
  return (
    <>
      <Outlet />
      <FlashQueue />
    </>
  );
}

/** Any path no route knows: a public page, logged in or not (spec §2). */
export function PublicNotFound() {
  return (
    <PublicFrame>
      <NotFound />
    </PublicFrame>
  );
}

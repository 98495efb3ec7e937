import { z } from 'zod';

export const BROADCAST_MAX_LENGTH = 500;

/** An operator's notice to everybody signed in (the stream's broadcast event). */
export const broadcastSchema = z.object({
  message: z.string().trim().min(1, 'required').max(BROADCAST_MAX_LENGTH, 'max'),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

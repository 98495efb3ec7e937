import { z } from 'zod';
import { SHOP_IDS } from '../markets/markets';

export const BROADCAST_MAX_LENGTH = 500;

/** An operator's notice to everybody signed in (the stream's broadcast event). */
export const broadcastSchema = z.object({
  message: z.string().trim().min(1, 'required').max(BROADCAST_MAX_LENGTH, 'max'),
  /**
   * The markets whose sellers receive the notice; none (or an empty list) means everybody signed in,
   * operators included. Each market at most once.
   */
  markets: z
    .array(z.enum(SHOP_IDS))
    .max(SHOP_IDS.length)
    .refine((list) => new Set(list).size === list.length, 'invalid')
    .nullish()
    .transform((list) => (list && list.length > 0 ? list : null)),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

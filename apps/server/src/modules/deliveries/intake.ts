import { DomainError, type IntakeOrder, intakeOrderSchema, intakeShapeRefusal } from '@pp/domain';
import type { Platform } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { countRefusedIntake, enqueueIntake } from './intake-batch';
import type { IntakeAnswer, IntakeChannel } from './intake-write';

export {
  type IntakeAnswer,
  type IntakeChannel,
  marketplaceActor,
  ORDER_CREATED_JOB,
} from './intake-write';

/** Reads and checks an order as the marketplace sends it: the spec's Orders API codes, fields named. */
export function parseIntakeOrder(input: unknown): IntakeOrder {
  const shape = intakeShapeRefusal(input);
  if (shape) throw new DomainError(shape);
  const parsed = intakeOrderSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * Takes one order from the marketplace. What the order alone decides (its shape, its fields) is checked here,
 * at once; a valid order then joins the process's next intake batch (intake-batch.ts), which checks it against
 * its partner's market and writes in one transaction what a new order needs — the order, its items, its first
 * status, the audit entry, the ORDER_CREATED job (webhooks and notifications) and the live event. The intake
 * row's primary key decides idempotency: of twenty parallel deliveries of one order one is created, the others
 * answer `created: false`. The demo generator and the feed pull come through here too (one writer).
 */
export function takeMarketplaceOrder(
  platform: Platform,
  input: unknown,
  options: { channel: IntakeChannel; requestId?: string | null },
): Promise<IntakeAnswer> {
  let order: IntakeOrder;
  try {
    order = parseIntakeOrder(input);
  } catch (error) {
    countRefusedIntake(options.channel);
    return Promise.reject(error);
  }
  return enqueueIntake(platform, {
    order,
    channel: options.channel,
    requestId: options.requestId ?? null,
    receivedAt: new Date(),
  });
}

import type { MailTransport, OutgoingMail } from './transport';

/** A relay that refuses while `refusing` is set: the outside world, under the test's control. */
export function switchableRelay() {
  const relay = {
    refusing: true,
    sent: [] as OutgoingMail[],
    kind: 'capture' as const,
    async send(mail: OutgoingMail) {
      if (relay.refusing) throw new Error('421 Service not available');
      relay.sent.push(mail);
    },
  };
  return relay satisfies MailTransport;
}

/** An activation mail to `to`, the simplest mail the outbox sends. */
export const activation = (to: string) => ({ to, template: 'account-activation' as const, lang: 'en', data: {} });

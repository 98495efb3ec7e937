/** The demo partners and accounts the partner-area seeds hang their rows on. */
export interface DemoIds {
  /** Czech demo shop in production, MALL Delivery active; partner@demo.test is its master. */
  cz: number;
  sk: number;
  pl: number;
  hr: number;
  /** The partner still in onboarding (REGISTERED). */
  onboarding: number;
  /** partner@demo.test */
  partnerAcc: number;
  /** multi@demo.test: master of SK and PL, member of CZ with every permission. */
  multi: number;
  /** limited@demo.test: member of CZ with everything but orders. */
  limited: number;
  /** admin@demo.test (operator). */
  admin: number;
  /** The argon2id hash of the demo password, for accounts a part adds. */
  demoPasswordHash: string;
}

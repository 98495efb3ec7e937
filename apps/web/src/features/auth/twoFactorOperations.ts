import { graphql } from '../../graphql/graphql';
import { SessionFields } from './operations';

/** Two-factor sign-in (issue 24): the second step of a sign-in, and the account's own second factors. */

export const LoginSecondFactorMutation = graphql(
  `
  mutation LoginSecondFactor($ticket: String!, $code: String, $recoveryCode: String, $passkey: String) {
    loginSecondFactor(ticket: $ticket, code: $code, recoveryCode: $recoveryCode, passkey: $passkey) {
      token
      session { ...SessionFields }
    }
  }
`,
  [SessionFields],
);

export const LoginPasskeyOptionsMutation = graphql(`
  mutation LoginPasskeyOptions($ticket: String!) {
    loginPasskeyOptions(ticket: $ticket)
  }
`);

export const TwoFactorStatusQuery = graphql(`
  query TwoFactorStatus {
    twoFactorStatus {
      totpEnabled
      recoveryCodesLeft
      enrolled
      required
      passkeys { id name createdAt lastUsedAt }
    }
  }
`);

export const TotpStartMutation = graphql(`
  mutation TwoFactorTotpStart {
    twoFactorTotpStart { secret uri }
  }
`);

export const TotpConfirmMutation = graphql(`
  mutation TwoFactorTotpConfirm($code: String!) {
    twoFactorTotpConfirm(code: $code)
  }
`);

export const TotpDisableMutation = graphql(`
  mutation TwoFactorTotpDisable($password: String!) {
    twoFactorTotpDisable(password: $password)
  }
`);

export const RecoveryCodesRegenerateMutation = graphql(`
  mutation TwoFactorRecoveryCodesRegenerate {
    twoFactorRecoveryCodesRegenerate
  }
`);

export const PasskeyRegistrationOptionsMutation = graphql(`
  mutation PasskeyRegistrationOptions {
    passkeyRegistrationOptions
  }
`);

export const PasskeyRegisterMutation = graphql(`
  mutation PasskeyRegister($name: String!, $response: String!) {
    passkeyRegister(name: $name, response: $response) {
      passkey { id name }
      recoveryCodes
    }
  }
`);

export const PasskeyRemoveMutation = graphql(`
  mutation PasskeyRemove($id: ID!, $password: String!) {
    passkeyRemove(id: $id, password: $password)
  }
`);

export const PartnerTwoFactorRequiredQuery = graphql(`
  query PartnerTwoFactorRequired {
    partnerTwoFactorRequired
  }
`);

export const PartnerTwoFactorRequiredSetMutation = graphql(`
  mutation PartnerTwoFactorRequiredSet($required: Boolean!) {
    partnerTwoFactorRequiredSet(required: $required)
  }
`);

/** What a sign-in hands to the second step: the ticket and the methods the account has. */
export interface PendingSecondFactor {
  ticket: string;
  methods: string[];
}

let pending: PendingSecondFactor | null = null;

/** A login link that ends in the second step hands it to the login page (same tab, client-side navigation). */
export function handOverSecondFactor(value: PendingSecondFactor): void {
  pending = value;
}

export function takeSecondFactor(): PendingSecondFactor | null {
  const value = pending;
  pending = null;
  return value;
}

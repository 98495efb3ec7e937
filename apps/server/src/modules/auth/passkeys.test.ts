import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, DEMO_PASSWORD, startTestServer, type TestServer } from '../../test/harness';

/**
 * Passkeys end to end against the real server, with a software authenticator standing in for the person's device
 * (the outside world): a P-256 key, "none" attestation, CBOR written by hand. Chromium's virtual authenticator
 * does the same in e2e/auth/two-factor.spec.ts.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The few CBOR kinds WebAuthn needs: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value as object);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

class SoftAuthenticator {
  readonly id = randomBytes(16);
  private readonly key: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
  });
  private counter = 0;

  constructor(private readonly origin: string) {}

  private authData(rpId: string, attested: boolean) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(++this.counter);
    const parts: Uint8Array[] = [
      createHash('sha256').update(rpId).digest(),
      Buffer.from([attested ? 0x45 : 0x05]),
      counter,
    ];
    if (attested) {
      const jwk = this.key.publicKey.export({ format: 'jwk' });
      const cose = new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.id.length);
      parts.push(Buffer.alloc(16), length, this.id, cbor(cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  create(options: { challenge: string; rp: { id: string } }) {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData: this.authData(options.rp.id, true) });
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  get(options: { challenge: string; rpId: string }) {
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const authenticatorData = this.authData(options.rpId, false);
    const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(sign('sha256', signed, this.key.privateKey)),
      },
    };
  }
}

const LOGIN =
  'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token twoFactor { ticket methods } } }';
const OPTIONS = 'mutation($t: String!) { loginPasskeyOptions(ticket: $t) }';
const SECOND =
  'mutation($t: String!, $k: String) { loginSecondFactor(ticket: $t, passkey: $k) { token session { secondFactor } } }';

async function ticketOf(email: string) {
  const result = await server.gql<{ login: { twoFactor: { ticket: string; methods: string[] } } }>(LOGIN, {
    e: email,
    p: DEMO_PASSWORD,
  });
  return result.data!.login.twoFactor;
}

describe('passkeys', () => {
  const email = 'limited@demo.test';
  let device: SoftAuthenticator;

  it('registers a named passkey over a challenge of ours, once', async () => {
    const { rpId, origins } = server.app.platform.config.webauthn;
    expect(rpId).toBe('localhost');
    device = new SoftAuthenticator(origins[0]!);
    const { token } = await server.login(email);
    const options = await server.gql<{ passkeyRegistrationOptions: string }>(
      'mutation { passkeyRegistrationOptions }',
      {},
      { token },
    );
    const parsed = JSON.parse(options.data!.passkeyRegistrationOptions);
    expect(parsed.rp).toEqual({ name: 'Partner Portal', id: 'localhost' });
    // The user handle is opaque: 32 bytes of a keyed hash, not the account's id.
    expect(parsed.user.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const REGISTER =
      'mutation($n: String!, $r: String!) { passkeyRegister(name: $n, response: $r) { passkey { name } recoveryCodes } }';
    // From another origin the answer is refused, and the challenge it spent is gone.
    const elsewhere = new SoftAuthenticator('https://evil.example').create(parsed);
    expect(codeOf(await server.gql(REGISTER, { n: 'Evil', r: JSON.stringify(elsewhere) }, { token }))).toBe(
      'TWO_FACTOR_CODE_INVALID',
    );
    const answer = JSON.stringify(device.create(parsed));
    expect(codeOf(await server.gql(REGISTER, { n: 'Laptop', r: answer }, { token }))).toBe('TWO_FACTOR_CODE_INVALID');

    const fresh = JSON.parse(
      (
        await server.gql<{ passkeyRegistrationOptions: string }>(
          'mutation { passkeyRegistrationOptions }',
          {},
          { token },
        )
      ).data!.passkeyRegistrationOptions,
    );
    const made = await server.gql<{ passkeyRegister: { passkey: { name: string }; recoveryCodes: string[] } }>(
      REGISTER,
      { n: ' Laptop ', r: JSON.stringify(device.create(fresh)) },
      { token },
    );
    expect(made.data!.passkeyRegister.passkey.name).toBe('Laptop');
    expect(made.data!.passkeyRegister.recoveryCodes).toHaveLength(10);
    // The same answer twice: its challenge was used.
    expect(codeOf(await server.gql(REGISTER, { n: 'Again', r: JSON.stringify(device.create(fresh)) }, { token }))).toBe(
      'TWO_FACTOR_CODE_INVALID',
    );
  });

  it('signs in with the passkey as the second factor, one assertion per challenge', async () => {
    const pending = await ticketOf(email);
    expect(pending.methods).toEqual(['recovery', 'passkey']);
    const options = JSON.parse(
      (await server.gql<{ loginPasskeyOptions: string }>(OPTIONS, { t: pending.ticket })).data!.loginPasskeyOptions,
    );
    expect(options.allowCredentials).toEqual([{ id: b64url(device.id), type: 'public-key', transports: ['internal'] }]);
    const assertion = JSON.stringify(device.get(options));
    const ok = await server.gql<{ loginSecondFactor: { session: { secondFactor: boolean } } }>(SECOND, {
      t: pending.ticket,
      k: assertion,
    });
    expect(ok.data!.loginSecondFactor.session.secondFactor).toBe(true);
    // Replayed on a new ticket, the assertion's challenge is not that ticket's.
    const next = await ticketOf(email);
    expect(codeOf(await server.gql(SECOND, { t: next.ticket, k: assertion }))).toBe('TWO_FACTOR_CODE_INVALID');
  });

  it('lists and removes a passkey with the password; the last factor takes the recovery codes along', async () => {
    const { token } = await server.login(email);
    const list = await server.gql<{ twoFactorStatus: { passkeys: { id: string; name: string }[] } }>(
      '{ twoFactorStatus { passkeys { id name } } }',
      {},
      { token },
    );
    const [key] = list.data!.twoFactorStatus.passkeys;
    expect(key!.name).toBe('Laptop');
    const REMOVE = 'mutation($id: ID!, $p: String!) { passkeyRemove(id: $id, password: $p) }';
    expect(codeOf(await server.gql(REMOVE, { id: key!.id, p: 'not-the-password' }, { token }))).toBe('BAD_CREDENTIALS');
    expect((await server.gql(REMOVE, { id: key!.id, p: DEMO_PASSWORD }, { token })).data).toEqual({
      passkeyRemove: true,
    });
    const after = await server.gql('{ twoFactorStatus { enrolled recoveryCodesLeft passkeys { id } } }', {}, { token });
    expect(after.data).toEqual({ twoFactorStatus: { enrolled: false, recoveryCodesLeft: 0, passkeys: [] } });
    const direct = await server.gql<{ login: { token: string | null } }>(LOGIN, { e: email, p: DEMO_PASSWORD });
    expect(direct.data!.login.token).toEqual(expect.any(String));
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createIdentificationPartner, readIdentificationEvent } from './create-identification.ts';
import { sandboxResultPayload } from './sandbox/sandbox-identification.ts';

const dir = mkdtempSync(join(tmpdir(), 'kyc-cfg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = (more: Record<string, string> = {}) => ({ DATA_DIR: dir, APP_SECRET: 'x'.repeat(40), ...more });
const idnowEnv = {
  IDNOW_API_KEY: 'idnow-api-key-0123456789',
  IDNOW_COMPANY_ID: 'tokenwerk',
  IDNOW_WEBHOOK_SECRET: 'idnow-callback-secret-0123',
};

describe('choosing the identification partner', () => {
  it('is the sandbox without IDNOW_API_KEY, delivering to the own webhook route after 3 s', () => {
    const config = loadConfig(env({ PUBLIC_URL: 'https://invest.example/' }));
    expect(config.identification).toEqual({
      idnow: undefined,
      sandbox: {
        delaySeconds: 3,
        loginTokenSeconds: 1800,
        webhookUrl: 'https://invest.example/api/v2/shop/identification/webhook/sandbox',
      },
    });
    const partner = createIdentificationPartner({ config });
    expect(partner.provider).toBe('sandbox');
    expect('sandbox' in partner && partner.sandbox.delaySeconds).toBe(3);
  });

  it('takes the sandbox delay and webhook address from the environment', () => {
    const config = loadConfig(
      env({ KYC_SANDBOX_DELAY_SECONDS: '0', KYC_SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:3001/hook' }),
    );
    expect(config.identification.sandbox).toEqual({
      delaySeconds: 0,
      loginTokenSeconds: 1800,
      webhookUrl: 'http://127.0.0.1:3001/hook',
    });
  });

  it('is IDnow when IDNOW_API_KEY is set (test gateway when configured)', () => {
    const config = loadConfig(env({ ...idnowEnv, IDNOW_GATEWAY_URL: 'https://gateway.test.idnow.de/' }));
    expect(config.identification.idnow).toEqual({
      apiKey: idnowEnv.IDNOW_API_KEY,
      companyId: 'tokenwerk',
      webhookSecret: idnowEnv.IDNOW_WEBHOOK_SECRET,
      // Decision 029: IDnow's published keys and issuer by default.
      webhookJwksUrl: 'https://auth.eu.platform.idnow.io/oidc/.well-known/jwks.json',
      webhookIssuer: 'https://auth.eu.platform.idnow.io/oidc',
      webhookAudience: null,
      gatewayUrl: 'https://gateway.test.idnow.de',
      identUrl: 'https://go.idnow.de',
    });
    expect(createIdentificationPartner({ config }).provider).toBe('idnow');
  });

  it('needs no shared secret for IDnow: its webhooks are signed JWTs', () => {
    const { IDNOW_WEBHOOK_SECRET: _secret, ...withoutSecret } = idnowEnv;
    const config = loadConfig(env({ ...withoutSecret, IDNOW_WEBHOOK_AUDIENCE: 'tokenwerk' }));
    expect(config.identification.idnow).toMatchObject({ webhookSecret: null, webhookAudience: 'tokenwerk' });
  });

  it.each([
    [{ IDNOW_API_KEY: idnowEnv.IDNOW_API_KEY }, ['IDNOW_COMPANY_ID']],
    [{ ...idnowEnv, IDNOW_WEBHOOK_SECRET: 'short' }, ['IDNOW_WEBHOOK_SECRET']],
    [{ ...idnowEnv, IDNOW_COMPANY_ID: 'a b' }, ['IDNOW_COMPANY_ID']],
    [{ KYC_SANDBOX_DELAY_SECONDS: '-1' }, ['KYC_SANDBOX_DELAY_SECONDS']],
    [{ KYC_SANDBOX_WEBHOOK_URL: 'not a url' }, ['KYC_SANDBOX_WEBHOOK_URL']],
  ])('refuses to start with %o, naming %o', (vars, names) => {
    const err = (() => {
      try {
        loadConfig(env(vars));
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    for (const name of names) expect((err as Error).message).toContain(name);
  });
});

describe('the sandbox webhook over HTTP', () => {
  it('posts the IDnow-shaped result as a JWT signed like IDnow to the configured address', async () => {
    const received: { headers: Record<string, unknown>; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const config = loadConfig(env({ KYC_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${port}/hook` }));
    const kase = {
      id: 'C'.repeat(43),
      reference: 'tx-1',
      person: {
        salutation: null,
        title: null,
        firstName: 'Erika',
        lastName: 'Mustermann',
        birthDate: '1985-04-12',
        birthPlace: null,
        nationality: 'DE',
        address: { street: 'Friedrichstraße 10', postcode: '10117', city: 'Berlin', country: 'DE' },
        mobileNumber: '+49 151 23456789',
        email: 'erika@example.com',
      },
      status: 'SUCCESS' as const,
      result: 'SUCCESS',
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    const delivery = {
      caseId: kase.id,
      eventId: 'evt_http_1',
      result: 'SUCCESS' as const,
      reason: null,
      decidedAt: new Date().toISOString(),
    };
    const partner = createIdentificationPartner({ config });
    if (!('sandbox' in partner)) throw new Error('the sandbox partner is expected');
    const db = {
      select: () => ({ from: () => ({ where: async () => [kase] }) }),
    } as unknown as Parameters<typeof partner.sandbox.deliver>[0]['db'];
    try {
      await partner.sandbox.deliver({ db, delivery });
    } finally {
      server.close();
    }
    expect(received).toHaveLength(1);
    // Like IDnow: a JWT as the body.
    expect(received[0]!.headers['content-type']).toBe('application/jwt');
    const check = await partner.verifyWebhook({
      rawBody: Buffer.from(received[0]!.body),
      headers: received[0]!.headers as Record<string, string>,
    });
    expect(check.ok).toBe(true);
    // What the platform reads from it: the case's transaction, its result, the person as identified.
    const event = readIdentificationEvent('sandbox', check.ok ? check.payload : null);
    expect(event).toMatchObject({
      eventId: 'evt_http_1',
      transactionNumber: 'tx-1',
      problem: null,
      outcome: { result: 'SUCCESS', person: { firstName: 'Erika', lastName: 'Mustermann' }, changed: [] },
    });
    expect(sandboxResultPayload(kase, delivery).identificationprocess.transactionnumber).toBe('tx-1');
    // Another key's signature is refused.
    const other = createIdentificationPartner({ config: { ...config, appSecret: 'y'.repeat(40) } });
    expect((await other.verifyWebhook({ rawBody: Buffer.from(received[0]!.body), headers: {} })).ok).toBe(
      false,
    );
    // The identification id sent to the platform does not reveal the case id (the key to its page).
    expect(JSON.stringify(check)).not.toContain(kase.id);
  });

  it('reads only events of known providers', () => {
    expect(readIdentificationEvent('stripe', {})).toBeNull();
  });
});

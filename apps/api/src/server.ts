import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { negotiateLocale } from '@token/domain/i18n';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { AppConfig } from './config.ts';
import { createTotpSecretBox } from './crypto/secrets.ts';
import type { DbHandle } from './db/client.ts';
import { graphqlPlugin } from './graphql/graphql.plugin.ts';
import { operatorApiBase, registerAuth } from './http/auth.ts';
import { clientErrorHandler, frameworkErrorHandler } from './http/client-errors.ts';
import { registerHttpDrain } from './http/drain.ts';
import { errorHandler } from './http/errors.ts';
import { registerEtags } from './http/etag.ts';
import { apiBase } from './http/hydra.ts';
import { createNotFoundHandler } from './http/not-found.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { registerObservability } from './http/observability.ts';
import { withErrorResponses } from './http/openapi-errors.ts';
import { pgRateLimitStore } from './http/rate-limit-store.ts';
import type { App } from './http/types.ts';
import type { JobRunnerStatus } from './jobs/runner.ts';
import { createAccessTokens } from './modules/accounts/access-tokens.ts';
import { accountRoutes } from './modules/accounts/accounts.routes.ts';
import { customerRoutes } from './modules/accounts/customers.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { bondsAdminRoutes } from './modules/catalog/bonds-admin.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { cmsRoutes } from './modules/cms/cms.routes.ts';
import { collectionRoutes } from './modules/collections/collections.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { creatorCollectionRoutes } from './modules/content/creator-collections.routes.ts';
import { creatorProductRoutes } from './modules/content/creator-products.routes.ts';
import { localStorageLinkRoutes, mediaUploadRoutes } from './modules/content/media-uploads.routes.ts';
import { productReviewAdminRoutes } from './modules/content/product-review-admin.routes.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { exchangeRateRoutes } from './modules/exchange-rates/exchange-rates.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { identificationRoutes } from './modules/identification/identification.routes.ts';
import { invoiceAdminRoutes, invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { migrationRoutes } from './modules/migration/migration.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { orderAdminRoutes } from './modules/orders/orders-admin.routes.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { paymentAdminRoutes } from './modules/payments/payments-admin.routes.ts';
import { paymentWebhookRoutes } from './modules/payments/payments-webhook.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { privacyAdminRoutes } from './modules/privacy/privacy-admin.routes.ts';
import { professionalRoutes } from './modules/professional/professional.routes.ts';
import { profileRoutes } from './modules/profiles/profiles.routes.ts';
import { questionnaireRoutes } from './modules/questionnaires/questionnaires.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { referralRoutes } from './modules/referrals/referrals.routes.ts';
import { referralAdminRoutes } from './modules/referrals/referrals-admin.routes.ts';
import { registerRoutes } from './modules/register/register.routes.ts';
import { registerAdminRoutes } from './modules/register/register-admin.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { servicingRoutes } from './modules/servicing/servicing.routes.ts';
import { servicingAdminRoutes } from './modules/servicing/servicing-admin.routes.ts';
import { uboRoutes } from './modules/ubo/ubo.routes.ts';
import { walletRoutes } from './modules/wallets/wallets.routes.ts';
import { walletWebhookRoutes } from './modules/wallets/wallets-webhook.routes.ts';
import { createStateRegistry } from './observability/state-metrics.ts';
import type { Partners } from './partners/create-partners.ts';
import { sandboxPartnerRoutes } from './partners/sandbox-routes.ts';
import { loadServerRenderer } from './server-render.ts';

export type BuildAppOptions = {
  config: AppConfig;
  db: DbHandle;
  /** The partner adapters, built once by the caller (`createPartners`); routes read `app.partners`. */
  partners: Partners;
  /** Built SPA to serve for non-API paths; omitted in API tests. */
  webDist?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** The process's job runner, whose fetching `/api/health/ready` checks; absent in API tests. */
  jobs?: { status: () => JobRunnerStatus } | undefined;
};

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

/** Fastify's `trustProxy` for TRUST_PROXY: hops, or the proxies' addresses and ranges; unset: none. */
function trustProxyOption(
  setting: number | string | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined) return false;
  // n hops: the n proxies nearest to this process are trusted
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting.split(',');
}

/** Builds the whole HTTP application: conventions, API modules, docs and the SPA. */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: opts.logger ?? {
      level: opts.config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // behind a load balancer, `request.ip` is the client's (per-IP throttles count each client)
    trustProxy: trustProxyOption(opts.config.operations.trustProxy),
    return503OnClosing: true,
    // Parser- and router-level failures answer as problem+json too.
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API; services already return explicit views, so serialise plainly.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.decorate('config', opts.config);
  app.decorate('dbHandle', opts.db);
  app.decorate('db', opts.db.db);
  app.decorate('partners', opts.partners);
  const accountKit = {
    tokens: createAccessTokens(opts.config.appSecret),
    secretBox: createTotpSecretBox(opts.config.appSecret),
  };
  app.decorate('accountKit', accountKit);
  app.decorateRequest('locale', 'de');

  // JSON variants the API Platform client sends.
  app.addContentTypeParser(
    ['application/merge-patch+json', 'application/ld+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.addHook('onRequest', async (request, reply) => {
    const q = request.query as Record<string, unknown> | undefined;
    const explicit = typeof q?.locale === 'string' ? q.locale : undefined;
    request.locale = negotiateLocale(explicit, request.headers['accept-language']);
    reply.header('x-request-id', request.id);
  });
  // After the language is known, so a 401/403 answers in the caller's language too.
  registerAuth(app as unknown as App, { db: opts.db.db, tokens: accountKit.tokens });

  // Operations (decision 027): request metrics and context, /metrics, readiness, graceful drain.
  const httpDrain = registerHttpDrain(app as unknown as App);
  app.decorate('httpDrain', httpDrain);
  app.decorate('readinessSources', { jobs: opts.jobs, isShuttingDown: httpDrain.isDraining });
  registerObservability(app as unknown as App, { state: createStateRegistry(opts.db) });

  app.setErrorHandler(errorHandler);
  registerNulGuard(app);

  // Every route, as registered, with who may call it; the OpenAPI test proves each one is documented,
  // the ownership matrix calls every customer route as another customer.
  const routeList: App['routeList'] = [];
  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth ?? 'public';
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, auth });
  });
  app.decorate('routeList', routeList);

  // Security headers on every answer. The middleware is built once: @fastify/helmet built it anew
  // for every request (decision 011, Measured: about 5 % of the API's CPU per order call).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: opts.config.env === 'production',
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  registerEtags(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Token investment platform API',
        description: 'Shop API for tokenised bonds and digital collectibles (API Platform conventions).',
        version: '2.0.0',
      },
      servers: [{ url: opts.config.publicUrl }],
    },
    transform: withErrorResponses(jsonSchemaTransform),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Rate limits, once for every module: a route opts in with `config: { rateLimit: { max, timeWindow } }`.
  // The counters live in PostgreSQL, so all API processes count against the same window.
  await app.register(rateLimit, { global: false, store: pgRateLimitStore(opts.db.db) });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(
    async (shop) => {
      await shop.register(referenceRoutes);
      await shop.register(catalogRoutes);
      await shop.register(searchRoutes);
      await shop.register(cmsRoutes);
      await shop.register(paymentRoutes);
      await shop.register(orderRoutes);
      await shop.register(invoiceRoutes);
      await shop.register(paymentWebhookRoutes);
      await shop.register(contactRoutes);
      await shop.register(accountRoutes);
      await shop.register(customerRoutes);
      await shop.register(collectionRoutes);
      await shop.register(profileRoutes);
      await shop.register(onboardingRoutes);
      await shop.register(identificationRoutes);
      await shop.register(questionnaireRoutes);
      await shop.register(migrationRoutes);
      await shop.register(walletRoutes);
      await shop.register(walletWebhookRoutes);
      await shop.register(uboRoutes);
      await shop.register(documentRoutes);
      await shop.register(professionalRoutes);
      await shop.register(registerRoutes);
      await shop.register(servicingRoutes);
      await shop.register(referralRoutes);
      await shop.register(mediaUploadRoutes);
      await shop.register(localStorageLinkRoutes);
      await shop.register(creatorProductRoutes);
      await shop.register(creatorCollectionRoutes);
      await shop.register(privacyRoutes);
    },
    { prefix: apiBase },
  );
  // GraphQL at /api/v2/shop/graphql (same services as the shop's REST calls), GraphiQL outside production.
  await app.register(graphqlPlugin);
  // The operator API: operator-only by default (http/auth.ts).
  await app.register(adminRoutes, { prefix: operatorApiBase });
  await app.register(orderAdminRoutes, { prefix: operatorApiBase });
  await app.register(invoiceAdminRoutes, { prefix: operatorApiBase });
  await app.register(paymentAdminRoutes, { prefix: operatorApiBase });
  await app.register(registerAdminRoutes, { prefix: operatorApiBase });
  await app.register(servicingAdminRoutes, { prefix: operatorApiBase });
  await app.register(referralAdminRoutes, { prefix: operatorApiBase });
  await app.register(bondsAdminRoutes, { prefix: operatorApiBase });
  await app.register(productReviewAdminRoutes, { prefix: operatorApiBase });
  await app.register(privacyAdminRoutes, { prefix: operatorApiBase });
  await app.register(mediaRoutes);
  // spec 7's open API, outside the shop base.
  await app.register(exchangeRateRoutes, { prefix: '/open-api' });
  // The sandbox partners' pages under /sandbox/... (each only while its sandbox is the partner).
  await app.register(sandboxPartnerRoutes);
  if (opts.config.env !== 'production') await app.register(devMailboxRoutes);

  const webDist = opts.webDist;
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        // @fastify/static 10 hands the Fastify reply here, not the raw response.
        (reply as unknown as { header: (k: string, v: string) => void }).header(
          'cache-control',
          path.includes(`${join(webDist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // The public pages rendered on the server (decision 021), when the web's SSR build is there.
  const serverRenderer = hasWeb && webDist ? await loadServerRenderer(app as unknown as App, webDist) : null;
  app.setNotFoundHandler(createNotFoundHandler(app as unknown as App, { hasWeb, serverRenderer }));

  app.addHook('onClose', async () => {
    await opts.db.close();
  });

  return app as unknown as App;
}

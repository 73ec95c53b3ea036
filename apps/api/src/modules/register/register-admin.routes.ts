import {
  bondPauseInputSchema,
  bondPauseViewSchema,
  disposalRestrictionInputSchema,
  disposalRestrictionLiftInputSchema,
  disposalRestrictionViewSchema,
  mintingPreviewViewSchema,
  mintingRetryViewSchema,
  mintingRunInputSchema,
  mintingRunViewSchema,
  registerAdminViewSchema,
  registerEntryAdminViewSchema,
  reversalInputSchema,
  whitelistAddInputSchema,
  whitelistEntryViewSchema,
} from '@token/domain/register';
import { z } from 'zod';
import { operatorOf } from '../../http/auth.ts';
import { collectionOf, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { getBondPause, setBondPaused } from './bond-pause.service.ts';
import { previewMinting, retryRefusedMint, runMinting } from './minting.service.ts';
import { getRegisterView, listRegisterEntries, reverseRegisterEntry } from './register-admin.service.ts';
import { liftDisposalRestriction, setDisposalRestriction } from './restrictions.service.ts';
import { addToWhitelist, listWhitelist, removeFromWhitelist } from './whitelist.service.ts';

const operator = { auth: 'operator' as const };
const codeParam = { code: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/) };
const base = (code: string) => `/api/v2/admin/bonds/${encodeURIComponent(code)}`;

/**
 * The operators' register calls under /api/v2/admin/bonds/{code}/ (issue 16, decision 016 "Operator"):
 * the minting batch, the register with its chain check, the journal, reversals and the whitelist.
 */
export async function registerAdminRoutes(app: App) {
  await app.register(operatorControlRoutes);
  app.get(
    '/bonds/:code/minting',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: "Preview of the bond's minting batch: paid orders not wholly minted, amounts, blocked ones",
        params: z.strictObject(codeParam),
        response: { 200: mintingPreviewViewSchema },
      },
    },
    async (request, reply) => {
      const preview = await previewMinting({ db: app.db, code: request.params.code });
      return sendItem(request, reply, preview, {
        '@id': `${base(preview.product)}/minting`,
        '@type': 'MintingBatch',
      });
    },
  );

  app.post(
    '/bonds/:code/minting',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary:
          'Runs the minting batch: one registrar mint instruction per mintable order, idempotent; audit log',
        params: z.strictObject(codeParam),
        body: mintingRunInputSchema,
        response: { 200: mintingRunViewSchema },
      },
    },
    async (request, reply) => {
      const run = await runMinting({
        db: app.db,
        code: request.params.code,
        operatorId: operatorOf(request).id,
        reason: request.body.reason,
      });
      return sendItem(request, reply, run, { '@id': `${base(run.product)}/minting`, '@type': 'MintingRun' });
    },
  );

  app.get(
    '/bonds/:code/register',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary:
          "The bond's register: head, holders identified per eWpRV § 8, total supply, the journal's chain check",
        params: z.strictObject(codeParam),
        response: { 200: registerAdminViewSchema },
      },
    },
    async (request, reply) => {
      const view = await getRegisterView({ db: app.db, code: request.params.code, locale: request.locale });
      return sendItem(request, reply, view, { '@id': `${base(view.product)}/register`, '@type': 'Register' });
    },
  );

  app.get(
    '/bonds/:code/register/entries',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: "The bond's register journal, newest first, with holders, causes and transaction hashes",
        params: z.strictObject(codeParam),
        querystring: z.strictObject(pagingQuery(50, 200)),
        response: { 200: collectionOf(registerEntryAdminViewSchema) },
      },
    },
    async (request, reply) => {
      const page = { page: request.query.page, itemsPerPage: request.query.itemsPerPage };
      const { code } = request.params;
      const { items, totalItems } = await listRegisterEntries({ db: app.db, code, page });
      return sendCollection(request, reply, {
        items,
        totalItems,
        type: 'RegisterEntry',
        idOf: (e) => `${base(code)}/register/entries/${e.sequence}`,
        page,
      });
    },
  );

  app.post(
    '/bonds/:code/register/entries/:sequence/reversal',
    {
      config: { ...operator, errors: ['reversal_not_allowed'] as const },
      schema: {
        tags: ['admin'],
        summary: 'Reverses a register entry by a new reversal entry with the reason; audit log',
        params: z.strictObject({
          ...codeParam,
          sequence: z.coerce.number().int().min(1).max(2_147_483_647),
        }),
        body: reversalInputSchema,
        response: { 201: registerEntryAdminViewSchema },
      },
    },
    async (request, reply) => {
      const { code, sequence } = request.params;
      const entry = await reverseRegisterEntry({
        db: app.db,
        code,
        sequence,
        operatorId: operatorOf(request).id,
        reason: request.body.reason,
      });
      reply.status(201);
      return sendItem(request, reply, entry, {
        '@id': `${base(code)}/register/entries/${entry.sequence}`,
        '@type': 'RegisterEntry',
      });
    },
  );

  app.get(
    '/bonds/:code/whitelist',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: "The bond's whitelist: investors admitted, source, when and by whom",
        params: z.strictObject(codeParam),
        response: { 200: collectionOf(whitelistEntryViewSchema) },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const items = await listWhitelist({ db: app.db, code });
      return sendCollection(request, reply, {
        items,
        totalItems: items.length,
        type: 'WhitelistEntry',
        idOf: (e) => `${base(code)}/whitelist/${e.customer.uuid}`,
      });
    },
  );

  app.post(
    '/bonds/:code/whitelist',
    {
      config: {
        ...operator,
        errors: [
          'whitelist_investor_unknown',
          'whitelist_investor_not_approved',
          'whitelist_professional_only',
          'whitelist_investor_limit_reached',
        ] as const,
      },
      schema: {
        tags: ['admin'],
        summary:
          'Admits an approved investor (uuid or e-mail) to the whitelist; investor limit and professional-only checked; audit log',
        params: z.strictObject(codeParam),
        body: whitelistAddInputSchema,
        response: { 200: whitelistEntryViewSchema, 201: whitelistEntryViewSchema },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const { entry, created } = await addToWhitelist({
        db: app.db,
        code,
        operatorId: operatorOf(request).id,
        customer: request.body.customer,
        source: request.body.source,
        reason: request.body.reason,
      });
      reply.status(created ? 201 : 200);
      return sendItem(request, reply, entry, {
        '@id': `${base(code)}/whitelist/${entry.customer.uuid}`,
        '@type': 'WhitelistEntry',
      });
    },
  );

  app.delete(
    '/bonds/:code/whitelist/:customerUuid',
    {
      config: { ...operator, errors: ['whitelist_investor_holds_tokens'] as const },
      schema: {
        tags: ['admin'],
        summary: 'Removes an investor from the whitelist (refused while they hold tokens); audit log',
        params: z.strictObject({ ...codeParam, customerUuid: z.uuid() }),
        querystring: z.strictObject({ reason: z.string().trim().min(3).max(1000).optional() }),
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      await removeFromWhitelist({
        db: app.db,
        code: request.params.code,
        operatorId: operatorOf(request).id,
        customerUuid: request.params.customerUuid,
        reason: request.query.reason,
      });
      return reply.status(204).send(null);
    },
  );
  // --- Pause of a bond's token (helper C2): GET the state, POST pause / unpause; audit log. ---
  app.get(
    '/bonds/:code/pause',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: "Whether the bond's token is paused (transfers refused until unpaused)",
        params: z.strictObject(codeParam),
        response: { 200: bondPauseViewSchema },
      },
    },
    async (request, reply) => {
      const view = await getBondPause({ db: app.db, code: request.params.code });
      return sendItem(request, reply, view, { '@id': `${base(view.product)}/pause`, '@type': 'BondPause' });
    },
  );

  app.post(
    '/bonds/:code/pause',
    {
      config: { ...operator, errors: ['partner_unavailable'] as const },
      schema: {
        tags: ['admin'],
        summary:
          "Pauses the bond's token on the platform and at the registrar (transfers refused); audit log",
        params: z.strictObject(codeParam),
        body: bondPauseInputSchema,
        response: { 200: bondPauseViewSchema },
      },
    },
    async (request, reply) => {
      const view = await setBondPaused({
        db: app.db,
        registrar: app.partners.registrar,
        code: request.params.code,
        paused: true,
        operatorId: operatorOf(request).id,
        reason: request.body.reason,
        log: request.log,
      });
      return sendItem(request, reply, view, { '@id': `${base(view.product)}/pause`, '@type': 'BondPause' });
    },
  );

  app.post(
    '/bonds/:code/unpause',
    {
      config: { ...operator, errors: ['partner_unavailable'] as const },
      schema: {
        tags: ['admin'],
        summary: "Unpauses the bond's token at the registrar and on the platform; audit log",
        params: z.strictObject(codeParam),
        body: bondPauseInputSchema,
        response: { 200: bondPauseViewSchema },
      },
    },
    async (request, reply) => {
      const view = await setBondPaused({
        db: app.db,
        registrar: app.partners.registrar,
        code: request.params.code,
        paused: false,
        operatorId: operatorOf(request).id,
        reason: request.body.reason,
        log: request.log,
      });
      return sendItem(request, reply, view, { '@id': `${base(view.product)}/pause`, '@type': 'BondPause' });
    },
  );
}

/**
 * Operator controls (issue 16, decision 016 "Disposal restrictions" and "Refused mints"): entering and
 * lifting a disposal restriction on a holder's position (eWpG § 17 (1) Nr. 6), and retrying an order's
 * mint that the registrar refused. Each change in the audit log.
 */
export async function operatorControlRoutes(app: App) {
  app.post(
    '/bonds/:code/register/holders/:customerUuid/restrictions',
    {
      config: { ...operator, errors: ['disposal_restriction_not_holder'] as const },
      schema: {
        tags: ['admin'],
        summary:
          "Enters a disposal restriction (pledge, attachment, insolvency, other) on a holder's position; transfers are refused while it is in force; audit log",
        params: z.strictObject({ ...codeParam, customerUuid: z.uuid() }),
        body: disposalRestrictionInputSchema,
        response: { 201: disposalRestrictionViewSchema },
      },
    },
    async (request, reply) => {
      const { code, customerUuid } = request.params;
      const restriction = await setDisposalRestriction({
        db: app.db,
        code,
        customerUuid,
        operatorId: operatorOf(request).id,
        input: request.body,
      });
      reply.status(201);
      return sendItem(request, reply, restriction, {
        '@id': `${base(code)}/register/restrictions/${restriction.id}`,
        '@type': 'DisposalRestriction',
      });
    },
  );

  app.post(
    '/bonds/:code/register/restrictions/:restrictionId/lift',
    {
      config: {
        ...operator,
        errors: ['disposal_restriction_not_found', 'disposal_restriction_already_lifted'] as const,
      },
      schema: {
        tags: ['admin'],
        summary: 'Lifts a disposal restriction with the reason (the record is kept); audit log',
        params: z.strictObject({ ...codeParam, restrictionId: z.uuid() }),
        body: disposalRestrictionLiftInputSchema,
        response: { 200: disposalRestrictionViewSchema },
      },
    },
    async (request, reply) => {
      const { code, restrictionId } = request.params;
      const restriction = await liftDisposalRestriction({
        db: app.db,
        code,
        restrictionId,
        operatorId: operatorOf(request).id,
        reason: request.body.reason,
      });
      return sendItem(request, reply, restriction, {
        '@id': `${base(code)}/register/restrictions/${restriction.id}`,
        '@type': 'DisposalRestriction',
      });
    },
  );

  app.post(
    '/bonds/:code/minting/orders/:orderId/retry',
    {
      config: { ...operator, errors: ['minting_retry_not_allowed'] as const },
      schema: {
        tags: ['admin'],
        summary:
          "Retries an order's mint the registrar refused: a new instruction (new idempotency key) for the tokens still not minted; audit log",
        params: z.strictObject({ ...codeParam, orderId: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: mintingRunInputSchema,
        response: { 200: mintingRetryViewSchema },
      },
    },
    async (request, reply) => {
      const { code, orderId } = request.params;
      const retry = await retryRefusedMint({
        db: app.db,
        code,
        orderId,
        operatorId: operatorOf(request).id,
        reason: request.body.reason,
      });
      return sendItem(request, reply, retry, {
        '@id': `${base(code)}/minting/orders/${orderId}`,
        '@type': 'MintingRetry',
      });
    },
  );
}

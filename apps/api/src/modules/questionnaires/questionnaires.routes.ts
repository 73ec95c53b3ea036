import {
  type AnsweredQuestionnaireView,
  acknowledgeWarningsInputSchema,
  answeredQuestionnaireResourceSchema,
  answerQuestionnaireInputSchema,
  questionnaireTypes,
  questionnaireViewSchema,
} from '@token/domain/questionnaires';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import {
  acknowledgeQuestionnaireWarnings,
  answerQuestionnaire,
  deleteAnsweredQuestionnaire,
  getAnsweredQuestionnaire,
  getQuestionnaire,
  listAnsweredQuestionnaires,
} from './questionnaires.service.ts';

const idParam = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** New answers per customer and hour: generous for a person, a wall for a script filling the table. */
export const answerRateLimit = {
  max: 60,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => `questionnaire-answer|${request.customer?.id ?? request.ip}`,
} as const;

/** The wire form of an answer: the customer as IRI. */
function answeredResource({ customerUuid, ...view }: AnsweredQuestionnaireView) {
  return { ...view, customer: iri('customers', customerUuid) };
}

const answeredMeta = (view: AnsweredQuestionnaireView) => ({
  '@id': iri('answered-questionnaires', view.id),
  '@type': 'AnsweredQuestionnaire',
});

/**
 * The WpHG appropriateness questionnaires (spec 7): their definitions (public) and the customer's
 * answers (owner only; another customer's answer is "not found"). The server grades.
 */
export async function questionnaireRoutes(app: App) {
  app.get(
    '/questionnaires/:type',
    {
      config: { etag: true },
      schema: {
        tags: ['questionnaires'],
        summary: 'A questionnaire (current version, or `version`) in the requested language, without scores',
        params: z.strictObject({ type: z.string().max(64) }),
        querystring: z.strictObject({
          ...localeQuery,
          version: z
            .string()
            .regex(/^\d{4}-\d{2}$/)
            .optional(),
        }),
        response: { 200: questionnaireViewSchema },
      },
    },
    async (request, reply) => {
      const view = getQuestionnaire({
        type: request.params.type,
        version: request.query.version,
        locale: request.locale,
      });
      return sendItem(request, reply, view, {
        '@id': iri('questionnaires', view.type),
        '@type': 'Questionnaire',
      });
    },
  );

  app.get(
    '/answered-questionnaires',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['questionnaires'],
        summary: "The customer's current answers, newest first (another customer's uuid: an empty list)",
        querystring: z.strictObject({
          ...localeQuery,
          ...pagingQuery(30, 100),
          'customer.uuid': z.uuid().optional(),
          type: z.enum(questionnaireTypes).optional(),
        }),
        response: { 200: collectionOf(answeredQuestionnaireResourceSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage, type } = request.query;
      const result = await listAnsweredQuestionnaires({
        db: app.db,
        owner: customerOf(request),
        customerUuid: request.query['customer.uuid'],
        type,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        items: result.items.map(answeredResource),
        totalItems: result.totalItems,
        type: 'AnsweredQuestionnaire',
        idOf: (a) => iri('answered-questionnaires', a.id),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/answered-questionnaires/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['questionnaires'],
        summary: 'One of the customer’s current answers',
        params: idParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: answeredQuestionnaireResourceSchema },
      },
    },
    async (request, reply) => {
      const view = await getAnsweredQuestionnaire({
        db: app.db,
        owner: customerOf(request),
        id: request.params.id,
      });
      return sendItem(request, reply, answeredResource(view), answeredMeta(view));
    },
  );

  app.post(
    '/answered-questionnaires',
    {
      config: { auth: 'customer', rateLimit: answerRateLimit, errors: ['questionnaire_incomplete'] },
      schema: {
        tags: ['questionnaires'],
        summary:
          'Answers a questionnaire: the server grades it by the current version and stores version, answers, grade, result and warnings; replaces the previous answer of the type',
        querystring: z.strictObject({ ...localeQuery }),
        body: answerQuestionnaireInputSchema,
        response: { 201: answeredQuestionnaireResourceSchema },
      },
    },
    async (request, reply) => {
      const view = await answerQuestionnaire({ db: app.db, owner: customerOf(request), input: request.body });
      reply.status(201).header('location', iri('answered-questionnaires', view.id));
      return sendItem(request, reply, answeredResource(view), answeredMeta(view));
    },
  );

  app.patch(
    '/answered-questionnaires/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Acknowledges the warnings an answer gave (merge-patch `{ "acknowledgeWarnings": true }`)',
        params: idParam,
        querystring: z.strictObject({ ...localeQuery }),
        body: acknowledgeWarningsInputSchema,
        response: { 200: answeredQuestionnaireResourceSchema },
      },
    },
    async (request, reply) => {
      const view = await acknowledgeQuestionnaireWarnings({
        db: app.db,
        owner: customerOf(request),
        id: request.params.id,
      });
      return sendItem(request, reply, answeredResource(view), answeredMeta(view));
    },
  );

  app.delete(
    '/answered-questionnaires/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Withdraws an answer (kept on file) so the questionnaire can be answered again',
        params: idParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 204: z.null().describe('Withdrawn') },
      },
    },
    async (request, reply) => {
      await deleteAnsweredQuestionnaire({ db: app.db, owner: customerOf(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}

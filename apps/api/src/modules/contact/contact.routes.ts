import { contactMessageSchema } from '@token/domain/contact';
import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { sendContactMessage } from './contact.service.ts';

/** Per IP: enough for a person who mistyped, too few for a spam run. */
export const contactRateLimit = { max: 5, timeWindow: '15 minutes' } as const;

/** Contact form: stores the message and mails the operator. */
export async function contactRoutes(app: App) {
  app.post(
    '/contact',
    {
      config: { rateLimit: contactRateLimit, errors: ['service_unavailable'] },
      schema: {
        tags: ['contact'],
        summary: "Sends a message to the operator's contact address",
        body: contactMessageSchema,
        response: { 201: z.object({ id: z.number(), createdAt: z.string() }) },
      },
    },
    async (request, reply) => {
      const stored = await sendContactMessage({
        db: app.db,
        mail: app.partners.mail,
        locale: request.locale,
        input: request.body,
      });
      return reply.status(201).send({ id: stored.id, createdAt: stored.createdAt.toISOString() });
    },
  );
}

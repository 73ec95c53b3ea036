import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import type { App } from '../../http/types.ts';
import { attachmentDisposition } from '../catalog/legal-documents.service.ts';
import { invoicePdf } from './invoices.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** GET invoice/{id}/pdf (spec 7): the customer's own invoice as a PDF; another's is 404. */
export async function invoiceRoutes(app: App) {
  app.get(
    '/invoice/:id/pdf',
    {
      config: { auth: 'customer' as const, errors: ['invoice_not_found'] as const },
      schema: {
        tags: ['orders'],
        summary: 'The invoice as a PDF in the order’s language (bank details and GiroCode while unpaid)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const pdf = await invoicePdf({
        db: app.db,
        invoiceId: request.params.id,
        customerId: customerOf(request).id,
      });
      return sendPdf(reply, pdf);
    },
  );
}

/** GET /api/v2/admin/invoices/{id}/pdf: an operator reads any invoice. */
export async function invoiceAdminRoutes(app: App) {
  app.get(
    '/invoices/:id/pdf',
    {
      config: { auth: 'operator' as const, errors: ['invoice_not_found'] as const },
      schema: { tags: ['admin'], summary: 'Any invoice as a PDF', params: idParams },
    },
    async (request, reply) => {
      const pdf = await invoicePdf({ db: app.db, invoiceId: request.params.id, customerId: null });
      return sendPdf(reply, pdf);
    },
  );
}

function sendPdf(reply: FastifyReply, pdf: Awaited<ReturnType<typeof invoicePdf>>) {
  const title = `${pdf.locale === 'de' ? 'Rechnung' : 'Invoice'} ${pdf.number}`;
  return reply
    .type('application/pdf')
    .header('content-disposition', attachmentDisposition(title))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf.stream);
}

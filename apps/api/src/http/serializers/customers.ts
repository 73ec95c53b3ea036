import type { CustomerResource, CustomerView } from '@token/domain/accounts';
import type { UboUserView } from '@token/domain/profile';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { iri, sendItem } from '../hydra.ts';

/** The wire form of the customer record (spec 3): relations as IRIs. */
export function customerResource({ defaultAddressId, ...view }: CustomerView): CustomerResource {
  return { ...view, defaultAddress: defaultAddressId === null ? null : iri('addresses', defaultAddressId) };
}

/** Sends the customer record as JSON or JSON-LD (`@id` /api/v2/shop/customers/{uuid}). */
export function sendCustomer(request: FastifyRequest, reply: FastifyReply, view: CustomerView) {
  return sendItem(request, reply, customerResource(view), {
    '@id': iri('customers', view.uuid),
    '@type': 'Customer',
  });
}

/** The IRI of a beneficial owner or representative. */
export function uboUserIri(item: Pick<UboUserView, 'id'>): string {
  return iri('ubo-users', item.id);
}

/** Sends one beneficial owner or representative (`@type` UboUser). */
export function sendUboUser(request: FastifyRequest, reply: FastifyReply, view: UboUserView) {
  return sendItem(request, reply, view, { '@id': uboUserIri(view), '@type': 'UboUser' });
}

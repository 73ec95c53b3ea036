import type { ZoneMemberData } from '../../modules/reference/reference.service.ts';
import { iri } from '../hydra.ts';

/** A zone member with the zone it belongs to as an IRI. */
export function zoneMemberResource(m: ZoneMemberData) {
  return { ...m, belongsTo: iri('zones', m.belongsTo) };
}

import { z } from 'zod';
import { documentPurposes, documentScopes, documentTypes } from './documents.ts';
import { professionalCriteria, professionalRequestStatuses } from './professional.ts';

/**
 * The resources of the documents module as the API answers them (convention 6): route response
 * schemas and the web's types derive from these. Services return the `…View` types (no URLs); the
 * route adds `downloadUrl` (`/api/v2/shop/file/{uuid}/download`).
 */

/** A stored file as its owner sees it; the storage key never leaves the server. */
export const storedFileSchema = z.object({
  uuid: z.uuid(),
  /** The uploaded file's name (cleaned), used for the download. */
  name: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  /** Judged from the bytes (file-type), never from the name. */
  mediaType: z.string(),
});
export type StoredFileView = z.infer<typeof storedFileSchema>;

/** The contract's `CustomerDocument`. */
export const customerDocumentSchema = z.object({
  id: z.number().int(),
  type: z.enum(documentTypes),
  purpose: z.enum(documentPurposes),
  /** The document's own date, `YYYY-MM-DD`. */
  issuedAt: z.string(),
  scope: z.enum(documentScopes),
  file: storedFileSchema,
  downloadUrl: z.string(),
  createdAt: z.string(),
});
export type CustomerDocumentResource = z.infer<typeof customerDocumentSchema>;
export type CustomerDocumentView = Omit<CustomerDocumentResource, 'downloadUrl'>;

/** An evidence file of a professional request, with the criterion it supports. */
export const professionalEvidenceSchema = z.object({
  criterion: z.enum(professionalCriteria),
  file: storedFileSchema,
  downloadUrl: z.string(),
});
export type ProfessionalEvidenceResource = z.infer<typeof professionalEvidenceSchema>;
export type ProfessionalEvidenceView = Omit<ProfessionalEvidenceResource, 'downloadUrl'>;

/** A request to be classified as a professional client, as its customer sees it. */
export const professionalRequestSchema = z.object({
  id: z.number().int(),
  status: z.enum(professionalRequestStatuses),
  criteria: z.array(z.object({ criterion: z.enum(professionalCriteria), explanation: z.string() })),
  /** When the customer confirmed the notice on the loss of protections, and which version. */
  consequencesAcknowledgedAt: z.string(),
  noticeVersion: z.string(),
  evidence: z.array(professionalEvidenceSchema),
  /** Stated criteria without an evidence file yet (an operator approves only when this is empty). */
  missingEvidence: z.array(z.enum(professionalCriteria)),
  /** The operator's reason, once decided. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ProfessionalRequestResource = z.infer<typeof professionalRequestSchema>;
export type ProfessionalRequestView = Omit<ProfessionalRequestResource, 'evidence'> & {
  evidence: ProfessionalEvidenceView[];
};

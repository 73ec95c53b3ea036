import { z } from 'zod';

/**
 * The contact form (spec 2: /contact reaches the operator's mailbox). One schema for the web form
 * and the API body; the limits keep a message readable and the outbox small.
 */
export const contactMessageSchema = z.strictObject({
  name: z.string().trim().min(2).max(100),
  email: z.email().max(254),
  subject: z.string().trim().min(3).max(150),
  message: z.string().trim().min(10).max(5000),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

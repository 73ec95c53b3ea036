import { z } from 'zod';
import { violation } from '../accounts/schemas.ts';
import { digitalContentConsentInputSchema } from './digital-content.ts';

/**
 * What `PATCH orders/{token}/complete` carries (spec 5 investment rules, WpPG § 6): the statements
 * the investor confirms at the end of the order process and the § 6 self-disclosure, stored on the
 * order; `notes` is free text as in Sylius. The web's confirmation form validates with this schema.
 */

/** spec 5: "At least one of two risk statements must be confirmed". */
export const riskStatementKeys = ['totalLossRisk', 'illiquidityRisk'] as const;
/** spec 5: "at least 2 statements must be answered truthfully at the end". */
export const finalStatementKeys = ['informationTruthful', 'actingOnOwnAccount', 'documentsReceived'] as const;
export const minimumFinalStatements = 2;

/** The highest monthly income worth declaring (twice it already reaches the 25,000 EUR cap). */
const maxIncomeCents = 100_000_000_00;

export const orderStatementsSchema = z
  .strictObject({
    /** spec 5: "A legal statement on not being a US or Canadian taxpayer must be accepted." */
    notUsOrCanadaTaxpayer: z.boolean().refine((v) => v === true, violation('tax_statement_required')),
    totalLossRisk: z.boolean(),
    illiquidityRisk: z.boolean(),
    informationTruthful: z.boolean(),
    actingOnOwnAccount: z.boolean(),
    documentsReceived: z.boolean(),
  })
  .superRefine((s, ctx) => {
    if (!riskStatementKeys.some((k) => s[k])) {
      ctx.addIssue({
        ...violation('risk_statement_required'),
        path: ['totalLossRisk'],
        input: s.totalLossRisk,
      });
    }
    if (finalStatementKeys.filter((k) => s[k]).length < minimumFinalStatements) {
      ctx.addIssue({
        ...violation('truthful_statements_required'),
        path: ['informationTruthful'],
        input: s.informationTruthful,
      });
    }
  });
export type OrderStatements = z.infer<typeof orderStatementsSchema>;

/** WpPG § 6 / WpHG § 65a self-disclosure (decision 011: stored on the order). */
export const section6DeclarationsSchema = z.strictObject({
  freeAssetsAtLeast100k: z.boolean(),
  averageMonthlyNetIncomeCents: z.number().int().min(0).max(maxIncomeCents).nullable(),
});

export const completeOrderInputSchema = z.strictObject({
  notes: z.string().trim().max(2000).nullish(),
  statements: orderStatementsSchema,
  declarations: section6DeclarationsSchema.default({
    freeAssetsAtLeast100k: false,
    averageMonthlyNetIncomeCents: null,
  }),
});
export type CompleteOrderInput = z.infer<typeof completeOrderInputSchema>;

/**
 * The body `PATCH orders/{token}/complete` accepts for either kind of order (issue 18): a bond's
 * statements and § 6 declarations, or a collectible's consent (§ 356 Abs. 5 BGB). Which parts are
 * required follows the order's product (`isSecurity`), so the API decides it in the service: a bond
 * without statements answers 422 as before, a collectible without the consent
 * `digital_content_consent_required`. What does not belong to the order's kind is ignored.
 */
export const completeOrderRequestSchema = z.strictObject({
  notes: z.string().trim().max(2000).nullish(),
  statements: orderStatementsSchema.optional(),
  declarations: section6DeclarationsSchema.optional(),
  digitalContentConsent: digitalContentConsentInputSchema.optional(),
});
export type CompleteOrderRequest = z.infer<typeof completeOrderRequestSchema>;

import { z } from 'zod';
import { violation } from '../accounts/schemas.ts';
import { AppError } from '../errors/index.ts';
import type { Locale } from '../i18n/index.ts';
import { assertCanTransition, type Lifecycle } from '../onboarding/states.ts';

/**
 * The request to be classified as a professional client (WpHG § 67 (6)): a private client states
 * that at least two of the three criteria of sentence 2 are met, explains each, uploads evidence, and
 * confirms in writing that it was told which protections it loses (sentences 4 and 5). The firm
 * assesses the request (an operator decides); approval gives the role `professional_investor`.
 */

/**
 * WpHG § 67 (6) sentence 2:
 * - `transactions`: on average ten transactions of significant size per quarter over the previous
 *   four quarters on the relevant market;
 * - `portfolio`: bank deposits and financial instruments worth more than EUR 500,000;
 * - `profession`: at least one year of professional work in the capital markets requiring knowledge
 *   of the transactions, services and instruments envisaged.
 */
export const professionalCriteria = ['transactions', 'portfolio', 'profession'] as const;
export type ProfessionalCriterion = (typeof professionalCriteria)[number];

/** § 67 (6) sentence 2: at least two of the three criteria. */
export const minimumProfessionalCriteria = 2;

/** A short explanation per stated criterion: enough to assess, not an essay. */
export const professionalExplanationLength = { min: 10, max: 1000 } as const;

/** spec 9 (documents): at most three evidence files per criterion, PDFs as for every document. */
export const maxEvidenceFilesPerCriterion = 3;

/** § 67 (6) sentence 2 no. 2: the portfolio threshold, in cents ("more than"). */
export const professionalPortfolioThresholdCents = 50_000_000;

type CriterionText = { title: string; statement: string; evidence: string };

/** The criteria in both languages: a title, the statement the customer makes, and what proves it. */
export const professionalCriterionTexts: Readonly<
  Record<ProfessionalCriterion, Record<Locale, CriterionText>>
> = {
  transactions: {
    de: {
      title: 'Geschäfte von erheblichem Umfang',
      statement:
        'Ich habe an dem Markt, an dem die Finanzinstrumente gehandelt werden, für die ich als professioneller Kunde eingestuft werden möchte, während der vergangenen vier Quartale durchschnittlich zehn Geschäfte von erheblichem Umfang im Quartal getätigt.',
      evidence: 'Zum Beispiel Depot- oder Transaktionsauszüge, die die vergangenen vier Quartale abdecken.',
    },
    en: {
      title: 'Transactions of significant size',
      statement:
        'On the market where the financial instruments for which I want to be classified as a professional client are traded, I carried out transactions of significant size at an average frequency of ten per quarter over the previous four quarters.',
      evidence: 'For example custody account or transaction statements covering the previous four quarters.',
    },
  },
  portfolio: {
    de: {
      title: 'Finanzportfolio über 500.000 Euro',
      statement: 'Ich verfüge über Bankguthaben und Finanzinstrumente im Wert von mehr als 500.000 Euro.',
      evidence: 'Zum Beispiel aktuelle Konto- und Depotauszüge, nicht älter als drei Monate.',
    },
    en: {
      title: 'Financial portfolio over EUR 500,000',
      statement: 'My bank deposits and financial instruments are worth more than EUR 500,000.',
      evidence: 'For example current bank and custody account statements, not older than three months.',
    },
  },
  profession: {
    de: {
      title: 'Berufserfahrung am Kapitalmarkt',
      statement:
        'Ich habe mindestens ein Jahr lang einen Beruf am Kapitalmarkt ausgeübt, der Kenntnisse über die in Betracht kommenden Geschäfte, Wertpapierdienstleistungen und Finanzinstrumente voraussetzt.',
      evidence:
        'Zum Beispiel ein Arbeitszeugnis oder eine Bestätigung des Arbeitgebers mit Tätigkeit und Dauer.',
    },
    en: {
      title: 'Professional experience in the capital markets',
      statement:
        'I have worked in the capital markets for at least one year in a professional position that requires knowledge of the transactions, investment services and financial instruments envisaged.',
      evidence:
        'For example a job reference or a confirmation from the employer stating the role and its duration.',
    },
  },
};

/**
 * WpHG § 67 (6) sentences 4 and 5: the written notice that the protections for private clients no
 * longer apply, which the customer confirms with the request. Versioned: the version confirmed is
 * stored with the request.
 */
export const professionalConsequencesNotice = {
  version: '2025-01',
  de: {
    title: 'Hinweis auf den Verlust von Schutzvorschriften',
    points: [
      'Als professioneller Kunde gelten für Sie die Schutzvorschriften des Wertpapierhandelsgesetzes für Privatkunden nicht mehr.',
      'Wir prüfen nicht mehr, ob Geschäfte für Sie angemessen sind: Ihre Kenntnisse und Erfahrungen werden unterstellt (§ 63 Abs. 10 WpHG), und Sie erhalten keine Warnung mehr, wenn ein Produkt nicht zu Ihnen passt.',
      'Informationen über Risiken, Kosten und Produkte können weniger ausführlich ausfallen.',
      'Die Anlagegrenzen für nicht qualifizierte Anleger (§ 6 WpPG) gelten für Sie nicht mehr.',
      'Sie können jederzeit verlangen, wieder als Privatkunde behandelt zu werden.',
    ],
    confirmation:
      'Ich habe diesen Hinweis zur Kenntnis genommen und beantrage die Einstufung als professioneller Kunde.',
  },
  en: {
    title: 'Notice on the loss of protections',
    points: [
      'As a professional client, the protections of the German Securities Trading Act for private clients no longer apply to you.',
      'We no longer assess whether transactions are appropriate for you: your knowledge and experience are assumed (§ 63 (10) WpHG), and you no longer receive a warning when a product does not suit you.',
      'Information about risks, costs and products may be less detailed.',
      'The investment limits for non-qualified investors (§ 6 WpPG) no longer apply to you.',
      'You may ask at any time to be treated as a private client again.',
    ],
    confirmation: 'I have taken note of this notice and request to be classified as a professional client.',
  },
} as const;

const statementSchema = z.strictObject({
  criterion: z.enum(professionalCriteria),
  explanation: z
    .string()
    .trim()
    .min(professionalExplanationLength.min)
    .max(professionalExplanationLength.max),
});
export type ProfessionalStatement = z.infer<typeof statementSchema>;

/**
 * POST professional-requests: the criteria stated (each once, at least two, each explained) and the
 * confirmation of the notice (§ 67 (6) sentence 5: the client confirms it in writing).
 */
export const professionalRequestInputSchema = z.strictObject({
  criteria: z
    .array(statementSchema)
    .max(professionalCriteria.length)
    .superRefine((statements, ctx) => {
      const seen = new Set<string>();
      statements.forEach((s, i) => {
        if (seen.has(s.criterion)) {
          ctx.addIssue({ ...violation('invalid_value'), path: [i, 'criterion'], input: s.criterion });
        }
        seen.add(s.criterion);
      });
      if (seen.size < minimumProfessionalCriteria) {
        ctx.addIssue({ ...violation('professional_criteria_minimum'), input: statements });
      }
    }),
  consequencesAcknowledged: z.boolean().refine((v) => v === true, violation('confirmation_required')),
});
export type ProfessionalRequestInput = z.infer<typeof professionalRequestInputSchema>;

/** Upload field of an evidence file (multipart `criterion` beside `file`). */
export const professionalEvidenceFieldsSchema = z.strictObject({ criterion: z.enum(professionalCriteria) });
export const professionalEvidenceFieldNames = ['criterion'] as const;

// ---------------------------------------------------------------------------------------------
// The request's lifecycle (convention 7)
// ---------------------------------------------------------------------------------------------

export const professionalRequestStatuses = ['requested', 'approved', 'refused', 'withdrawn'] as const;
export type ProfessionalRequestStatus = (typeof professionalRequestStatuses)[number];

/**
 * `requested` is open: the customer may add or remove evidence or withdraw it, an operator approves
 * or refuses it. Every other state is final; a new request starts over.
 */
export const professionalRequestLifecycle: Lifecycle<ProfessionalRequestStatus> = {
  name: 'professional_request',
  states: professionalRequestStatuses,
  transitions: {
    requested: ['approved', 'refused', 'withdrawn'],
    approved: [],
    refused: [],
    withdrawn: [],
  },
};

export function isProfessionalRequestOpen(status: ProfessionalRequestStatus): boolean {
  return status === 'requested';
}

/**
 * Throws 409 `invalid_transition` unless the request may move to `to`. Unlike the generic table
 * check, staying in the same state is refused too: deciding a decided request twice is an error.
 */
export function assertProfessionalRequestCanMove(
  from: ProfessionalRequestStatus,
  to: ProfessionalRequestStatus,
): void {
  if (from === to) {
    throw new AppError('invalid_transition', {
      detail: `${professionalRequestLifecycle.name}: ${from} -> ${to}`,
    });
  }
  assertCanTransition(professionalRequestLifecycle, from, to);
}

/** The stated criteria that have no evidence file yet; approval needs none missing. */
export function missingProfessionalEvidence(
  stated: readonly ProfessionalCriterion[],
  evidenceFor: readonly ProfessionalCriterion[],
): ProfessionalCriterion[] {
  const have = new Set(evidenceFor);
  return professionalCriteria.filter((c) => stated.includes(c) && !have.has(c));
}

/** An operator's decision (the operator area calls `decideProfessionalRequest` with it). */
export const professionalDecisions = ['approved', 'refused'] as const;
export type ProfessionalDecision = (typeof professionalDecisions)[number];

/** The decision with its reason: a refusal must say why (the customer is shown it). */
export const professionalDecisionSchema = z
  .strictObject({
    decision: z.enum(professionalDecisions),
    reason: z.string().trim().max(2000).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.decision === 'refused' && !d.reason) {
      ctx.addIssue({ ...violation('required'), path: ['reason'], input: d.reason });
    }
  });
export type ProfessionalDecisionInput = z.infer<typeof professionalDecisionSchema>;

import { type QuestionnaireDefinition, text } from '../types.ts';
import {
  dontKnow,
  experiencePeriodOptions,
  transactionCountOptions,
  transactionVolumeOptions,
} from './shared.ts';

/**
 * WpHG § 63 (10) appropriateness survey for bonds and subordinated bonds (Art. 55/56 Delegated
 * Regulation (EU) 2017/565): experience (number, volume and period of transactions), knowledge of
 * the risks (issuer default, subordination, illiquidity, interest rates), education and profession.
 * Each answer earns points; the grade is their sum (at most 20). Above 7 the bonds are appropriate
 * (spec 9: risk grade threshold 7), otherwise the investor gets the standardised warning.
 */
export const wphgBonds202611: QuestionnaireDefinition = {
  type: 'wphg_bonds',
  version: '2026-11',
  validFrom: '2026-11-01',
  title: text(
    'Angemessenheitsprüfung: Anleihen und nachrangige Anleihen',
    'Appropriateness assessment: bonds and subordinated bonds',
  ),
  legalBasis: text(
    '§ 63 Abs. 10 WpHG; Art. 55 und 56 Delegierte Verordnung (EU) 2017/565',
    'Section 63 (10) WpHG; Articles 55 and 56 of Delegated Regulation (EU) 2017/565',
  ),
  intro: text(
    'Die folgenden Fragen betreffen Ihre Erfahrungen mit und Ihre Kenntnisse über Anleihen (Schuldverschreibungen), auch nachrangige, sowie Ihre Ausbildung und Ihren Beruf. Bitte antworten Sie vollständig und wahrheitsgemäß: Nur dann kann die Prüfung Sie vor Geschäften warnen, deren Risiken Sie nicht einschätzen können.',
    'The following questions concern your experience with and knowledge of bonds (debt securities), including subordinated bonds, and your education and profession. Please answer completely and truthfully: only then can the assessment warn you about transactions whose risks you cannot judge.',
  ),
  sections: [
    {
      id: 'experience',
      title: text('Ihre Erfahrungen', 'Your experience'),
      questions: [
        {
          kind: 'choice',
          id: 'bond_transactions_3y',
          text: text(
            'Wie viele Geschäfte (Käufe oder Verkäufe) mit Anleihen haben Sie in den letzten drei Jahren getätigt?',
            'How many transactions (purchases or sales) in bonds have you carried out in the last three years?',
          ),
          hint: text(
            'Zum Beispiel Staats-, Unternehmens- oder Mittelstandsanleihen, die Sie direkt gekauft haben (nicht über Investmentfonds).',
            'For example government, corporate or SME bonds bought directly (not through investment funds).',
          ),
          options: transactionCountOptions,
        },
        {
          kind: 'choice',
          id: 'subordinated_transactions_3y',
          text: text(
            'Wie viele Geschäfte mit nachrangigen Anleihen, Genussrechten oder Nachrangdarlehen haben Sie in den letzten drei Jahren getätigt?',
            'How many transactions in subordinated bonds, profit participation rights or subordinated loans have you carried out in the last three years?',
          ),
          options: [
            { id: 'none', score: 0, text: text('Keine', 'None') },
            { id: '1_to_5', score: 1, text: text('1 bis 5', '1 to 5') },
            { id: 'over_5', score: 2, text: text('Mehr als 5', 'More than 5') },
          ],
        },
        {
          kind: 'choice',
          id: 'bond_volume_5y',
          text: text(
            'Wie hoch war das Volumen Ihrer Geschäfte mit Anleihen in den letzten fünf Jahren insgesamt?',
            'What was the total volume of your bond transactions in the last five years?',
          ),
          options: transactionVolumeOptions,
        },
        {
          kind: 'choice',
          id: 'bond_experience_period',
          text: text(
            'Seit wann legen Sie Geld in Anleihen an?',
            'How long have you been investing in bonds?',
          ),
          options: experiencePeriodOptions,
        },
      ],
    },
    {
      id: 'knowledge',
      title: text('Ihre Kenntnisse', 'Your knowledge'),
      intro: text(
        'Bitte wählen Sie jeweils die zutreffende Antwort.',
        'Please choose the correct answer for each question.',
      ),
      questions: [
        {
          kind: 'choice',
          id: 'issuer_default',
          text: text(
            'Was geschieht, wenn die Emittentin einer Anleihe zahlungsunfähig wird?',
            'What happens if the issuer of a bond becomes insolvent?',
          ),
          options: [
            {
              id: 'deposit_insurance',
              score: 0,
              text: text(
                'Die gesetzliche Einlagensicherung erstattet das angelegte Kapital.',
                'The statutory deposit guarantee scheme refunds the capital invested.',
              ),
            },
            {
              id: 'loss_possible',
              score: 2,
              text: text(
                'Zins- und Rückzahlungen können ganz oder teilweise ausfallen; ein Totalverlust des angelegten Kapitals ist möglich.',
                'Interest and repayments may be lost in part or in full; a total loss of the capital invested is possible.',
              ),
            },
            {
              id: 'repaid_at_par',
              score: 0,
              text: text(
                'Die Anleihe wird sofort zum Nennwert zurückgezahlt.',
                'The bond is repaid immediately at its nominal value.',
              ),
            },
            dontKnow,
          ],
        },
        {
          kind: 'choice',
          id: 'subordination',
          text: text(
            'Was bedeutet es, wenn eine Anleihe nachrangig ist?',
            'What does it mean when a bond is subordinated?',
          ),
          options: [
            {
              id: 'paid_after_other_creditors',
              score: 2,
              text: text(
                'Im Fall der Insolvenz oder Liquidation der Emittentin werden die Anleger erst nach allen nicht nachrangigen Gläubigern bedient; das Risiko eines Totalverlusts ist dadurch höher.',
                "In the issuer's insolvency or liquidation, investors are paid only after all non-subordinated creditors; the risk of a total loss is therefore higher.",
              ),
            },
            {
              id: 'secured',
              score: 0,
              text: text(
                'Die Anleihe ist durch Vermögenswerte der Emittentin besonders besichert.',
                "The bond is specially secured by the issuer's assets.",
              ),
            },
            {
              id: 'paid_first',
              score: 0,
              text: text(
                'Die Anleger werden vor allen anderen Gläubigern bedient.',
                'Investors are paid before all other creditors.',
              ),
            },
            dontKnow,
          ],
        },
        {
          kind: 'choice',
          id: 'sale_before_maturity',
          text: text(
            'Können Sie eine nicht börsennotierte Anleihe vor ihrer Fälligkeit jederzeit verkaufen?',
            'Can you sell a bond that is not listed on a stock exchange at any time before it matures?',
          ),
          options: [
            {
              id: 'always_at_par',
              score: 0,
              text: text('Ja, jederzeit zum Nennwert.', 'Yes, at any time at its nominal value.'),
            },
            {
              id: 'buyer_needed',
              score: 2,
              text: text(
                'Nicht unbedingt: Ein Verkauf setzt einen Käufer voraus; er ist unter Umständen nur mit Abschlag oder gar nicht möglich, sodass ich die Anleihe bis zur Fälligkeit halten muss.',
                'Not necessarily: a sale needs a buyer; it may only be possible at a discount or not at all, so that I have to hold the bond until it matures.',
              ),
            },
            dontKnow,
          ],
        },
        {
          kind: 'choice',
          id: 'interest_rate_change',
          text: text(
            'Wie wirkt sich ein steigendes Marktzinsniveau in der Regel auf den Kurs einer festverzinslichen Anleihe aus?',
            'How does a rise in market interest rates usually affect the price of a fixed-rate bond?',
          ),
          options: [
            { id: 'price_falls', score: 1, text: text('Der Kurs sinkt.', 'The price falls.') },
            { id: 'price_rises', score: 0, text: text('Der Kurs steigt.', 'The price rises.') },
            {
              id: 'no_effect',
              score: 0,
              text: text('Der Marktzins hat keinen Einfluss.', 'Market interest rates have no effect.'),
            },
            dontKnow,
          ],
        },
      ],
    },
    {
      id: 'background',
      title: text('Ausbildung und Beruf', 'Education and profession'),
      questions: [
        {
          kind: 'choice',
          id: 'education',
          text: text('Welche Ausbildung haben Sie?', 'What is your education?'),
          options: [
            {
              id: 'finance_related',
              score: 2,
              text: text(
                'Studium oder Berufsausbildung mit Schwerpunkt Wirtschaft, Finanzen oder Bankwesen',
                'University degree or vocational training focused on economics, finance or banking',
              ),
            },
            {
              id: 'other_degree',
              score: 1,
              text: text(
                'Anderes Studium oder andere Berufsausbildung',
                'Another university degree or vocational training',
              ),
            },
            {
              id: 'none',
              score: 0,
              text: text('Keine abgeschlossene Ausbildung', 'No completed education or training'),
            },
          ],
        },
        {
          kind: 'choice',
          id: 'profession',
          text: text(
            'Üben oder übten Sie einen Beruf aus, der Kenntnisse über Anleihen oder andere Wertpapiere voraussetzt?',
            'Do you work, or have you worked, in a profession that requires knowledge of bonds or other securities?',
          ),
          hint: text(
            'Zum Beispiel in einer Bank, einer Vermögensverwaltung, einer Versicherung oder der Finanzabteilung eines Unternehmens.',
            "For example at a bank, an asset manager, an insurer or in a company's finance department.",
          ),
          options: [
            { id: 'current', score: 2, text: text('Ja, derzeit', 'Yes, currently') },
            { id: 'former', score: 1, text: text('Ja, früher', 'Yes, in the past') },
            { id: 'no', score: 0, text: text('Nein', 'No') },
          ],
        },
      ],
    },
  ],
  grading: { kind: 'score', appropriateAbove: 7 },
  warnings: [
    {
      key: 'not_appropriate',
      title: text(
        'Warnhinweis: Anleihen sind für Sie nicht angemessen',
        'Warning: bonds are not appropriate for you',
      ),
      text: text(
        'Nach Ihren Angaben verfügen Sie nicht über die Kenntnisse und Erfahrungen, die nötig sind, um die Risiken von Anleihen, insbesondere nachrangiger Anleihen, angemessen beurteilen zu können. Wir halten diese Finanzinstrumente deshalb für Sie nicht für angemessen (§ 63 Abs. 10 WpHG). Zu den Risiken gehören der teilweise oder vollständige Ausfall von Zins- und Rückzahlungen bei Zahlungsunfähigkeit der Emittentin, der Nachrang gegenüber anderen Gläubigern und die eingeschränkte Verkäuflichkeit vor Fälligkeit. Sie können dennoch investieren; die Entscheidung liegt bei Ihnen.',
        'According to your answers, you do not have the knowledge and experience needed to judge the risks of bonds, in particular subordinated bonds, appropriately. We therefore consider these financial instruments not appropriate for you (section 63 (10) WpHG). The risks include the partial or total loss of interest and repayments if the issuer becomes insolvent, subordination to other creditors and limited saleability before maturity. You may still invest; the decision is yours.',
      ),
    },
  ],
};

import { type ChoiceOption, text } from '../types.ts';

/*
 * Options the appropriateness surveys share. Changing one changes every published version that uses
 * it, which the registry's fingerprint test refuses: a new version gets new constants instead.
 */

/** "I don't know": an honest answer that earns no points. */
export const dontKnow: ChoiceOption = {
  id: 'dont_know',
  score: 0,
  text: text('Weiß ich nicht.', "I don't know."),
};

/** Number of transactions in a period (Art. 55 (1) (b) Delegated Regulation (EU) 2017/565: frequency). */
export const transactionCountOptions: readonly ChoiceOption[] = [
  { id: 'none', score: 0, text: text('Keine', 'None') },
  { id: '1_to_5', score: 1, text: text('1 bis 5', '1 to 5') },
  { id: '6_to_20', score: 2, text: text('6 bis 20', '6 to 20') },
  { id: 'over_20', score: 3, text: text('Mehr als 20', 'More than 20') },
];

/** Total volume of transactions in a period (Art. 55 (1) (b): volume). Amounts in euro. */
export const transactionVolumeOptions: readonly ChoiceOption[] = [
  { id: 'none', score: 0, text: text('Keine Geschäfte', 'No transactions') },
  { id: 'up_to_5000', score: 1, text: text('Bis 5.000 €', 'Up to €5,000') },
  { id: '5000_to_25000', score: 1, text: text('Über 5.000 € bis 25.000 €', 'Over €5,000 up to €25,000') },
  { id: 'over_25000', score: 2, text: text('Über 25.000 €', 'Over €25,000') },
];

/** How long the investor has been investing (Art. 55 (1) (b): the period). */
export const experiencePeriodOptions: readonly ChoiceOption[] = [
  { id: 'never', score: 0, text: text('Noch nie', 'Never') },
  { id: 'under_2_years', score: 1, text: text('Weniger als 2 Jahre', 'Less than 2 years') },
  { id: '2_to_5_years', score: 1, text: text('2 bis 5 Jahre', '2 to 5 years') },
  { id: 'over_5_years', score: 2, text: text('Mehr als 5 Jahre', 'More than 5 years') },
];

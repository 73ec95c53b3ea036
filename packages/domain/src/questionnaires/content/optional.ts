import { type QuestionnaireDefinition, text } from '../types.ts';

/**
 * The opening question of the appropriateness test (page adequacy-optional): the investor may
 * decline to answer (WpHG § 63 (10): then the investor is told that appropriateness cannot be
 * judged), answer the questions, or state to be a professional client (WpHG § 67).
 * Grade: 0 declines, 1 will answer, 2 professional client (contract "Questionnaires").
 */
export const optional202611: QuestionnaireDefinition = {
  type: 'optional',
  version: '2026-11',
  validFrom: '2026-11-01',
  title: text('Angemessenheitsprüfung', 'Appropriateness assessment'),
  legalBasis: text(
    '§ 63 Abs. 10 Wertpapierhandelsgesetz (WpHG); Art. 55 und 56 Delegierte Verordnung (EU) 2017/565',
    'Section 63 (10) German Securities Trading Act (WpHG); Articles 55 and 56 of Delegated Regulation (EU) 2017/565',
  ),
  intro: text(
    'Bevor Sie über unsere Plattform Anleihen zeichnen, sind wir gesetzlich verpflichtet, Sie nach Ihren Kenntnissen und Erfahrungen mit Anleihen und Kryptowertpapieren zu fragen. Nur so können wir beurteilen, ob diese Finanzinstrumente für Sie angemessen sind. Eine Anlageberatung findet nicht statt: Wir prüfen nicht, ob eine Anlage zu Ihren Anlagezielen und Ihren finanziellen Verhältnissen passt. Ihre Angaben sind freiwillig; ohne sie können wir die Angemessenheit jedoch nicht beurteilen.',
    'Before you subscribe to bonds on our platform, the law requires us to ask about your knowledge of and experience with bonds and crypto securities. Only then can we judge whether these financial instruments are appropriate for you. We do not give investment advice: we do not check whether an investment suits your investment objectives and your financial situation. Your answers are voluntary; without them, however, we cannot judge appropriateness.',
  ),
  sections: [
    {
      id: 'participation',
      title: text('Ihre Angaben', 'Your information'),
      questions: [
        {
          kind: 'choice',
          id: 'participation',
          text: text(
            'Möchten Sie Angaben zu Ihren Kenntnissen und Erfahrungen machen?',
            'Would you like to provide information on your knowledge and experience?',
          ),
          options: [
            {
              id: 'decline',
              score: 0,
              text: text(
                'Nein, ich möchte keine Angaben machen.',
                'No, I do not wish to provide any information.',
              ),
            },
            {
              id: 'answer',
              score: 1,
              text: text(
                'Ja, ich beantworte die Fragen zur Angemessenheit.',
                'Yes, I will answer the appropriateness questions.',
              ),
            },
            {
              id: 'professional',
              score: 2,
              text: text(
                'Ich bin professioneller Kunde im Sinne von § 67 Abs. 2 WpHG oder möchte nach § 67 Abs. 6 WpHG als professioneller Kunde eingestuft werden.',
                'I am a professional client within the meaning of section 67 (2) WpHG or wish to be classified as a professional client under section 67 (6) WpHG.',
              ),
            },
          ],
        },
      ],
    },
  ],
  grading: {
    kind: 'choice',
    outcomes: {
      0: { result: 'not_judgeable', warnings: ['not_judgeable'] },
      1: { result: 'will_answer', warnings: [] },
      2: { result: 'professional_client', warnings: [] },
    },
  },
  warnings: [
    {
      key: 'not_judgeable',
      title: text('Angemessenheit kann nicht beurteilt werden', 'Appropriateness cannot be judged'),
      text: text(
        'Sie haben keine Angaben zu Ihren Kenntnissen und Erfahrungen gemacht. Wir können deshalb nicht beurteilen, ob die angebotenen Anleihen und Kryptowertpapiere für Sie angemessen sind (§ 63 Abs. 10 WpHG). Sie können dennoch investieren; bitte bestätigen Sie dazu im nächsten Schritt die Risikohinweise. Sie können die Fragen jederzeit nachträglich beantworten.',
        'You have not provided any information on your knowledge and experience. We therefore cannot judge whether the bonds and crypto securities offered are appropriate for you (section 63 (10) WpHG). You may still invest; to do so, please confirm the risk statements in the next step. You can answer the questions later at any time.',
      ),
    },
  ],
};

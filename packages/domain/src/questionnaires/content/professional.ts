import { type QuestionnaireDefinition, type StatementQuestion, text } from '../types.ts';

function statement(role: 'criterion' | 'declaration', id: string, de: string, en: string): StatementQuestion {
  return { kind: 'statement', role, id, text: text(de, en) };
}

/**
 * The request to be classified as a professional client (page adequacy-professional), WpHG § 67 (6):
 * a retail client may be classified as professional on request when at least two of three criteria
 * are met; the firm must point out in writing that the protection rules for retail clients no longer
 * apply, and the client confirms having taken note. Grade: the number of criteria stated (0 to 3);
 * passes with at least two and every declaration. An operator still decides on the evidence
 * (professional requests); only then does the customer get the role `professional_investor`.
 */
export const professional202611: QuestionnaireDefinition = {
  type: 'professional',
  version: '2026-11',
  validFrom: '2026-11-01',
  title: text('Einstufung als professioneller Kunde', 'Classification as a professional client'),
  legalBasis: text('§ 67 Abs. 5 und 6 WpHG', 'Section 67 (5) and (6) WpHG'),
  intro: text(
    'Als Privatkunde genießen Sie den höchsten Schutz, den das Wertpapierhandelsgesetz vorsieht. Auf Ihren Antrag können wir Sie als professionellen Kunden einstufen, wenn Sie mindestens zwei der drei folgenden Kriterien erfüllen. Vorher prüfen wir anhand Ihrer Nachweise, ob Sie aufgrund Ihrer Erfahrungen, Kenntnisse und Ihres Sachverstands Anlageentscheidungen selbst treffen und die Risiken angemessen beurteilen können.',
    'As a retail client you enjoy the highest protection the German Securities Trading Act provides. On your request we can classify you as a professional client if you meet at least two of the following three criteria. Before doing so, we assess on the basis of your evidence whether your experience, knowledge and expertise enable you to make investment decisions yourself and to judge the risks appropriately.',
  ),
  sections: [
    {
      id: 'criteria',
      title: text(
        'Kriterien nach § 67 Abs. 6 WpHG (mindestens zwei)',
        'Criteria under section 67 (6) WpHG (at least two)',
      ),
      questions: [
        statement(
          'criterion',
          'criterion_transactions',
          'Ich habe im vergangenen Jahr an dem Markt, an dem die betreffenden Finanzinstrumente gehandelt werden, durchschnittlich zehn Geschäfte von erheblichem Umfang pro Quartal getätigt.',
          'In the past year I have carried out, on average, ten transactions of significant size per quarter on the market on which the financial instruments concerned are traded.',
        ),
        statement(
          'criterion',
          'criterion_portfolio',
          'Ich verfüge über Bankguthaben und Finanzinstrumente im Wert von mehr als 500.000 Euro.',
          'I hold cash deposits and financial instruments worth more than EUR 500,000.',
        ),
        statement(
          'criterion',
          'criterion_profession',
          'Ich habe mindestens ein Jahr lang einen Beruf am Kapitalmarkt ausgeübt, der Kenntnisse über die in Betracht kommenden Geschäfte und Wertpapierdienstleistungen voraussetzt.',
          'I have worked for at least one year in a capital-markets profession that requires knowledge of the transactions and investment services concerned.',
        ),
      ],
    },
    {
      id: 'consequences',
      title: text(
        'Was die Einstufung für Ihren Schutz bedeutet',
        'What the classification means for your protection',
      ),
      intro: text(
        'Als professioneller Kunde gelten für Sie die Schutzvorschriften des Wertpapierhandelsgesetzes für Privatkunden nicht mehr (§ 67 Abs. 6 WpHG). Das bedeutet insbesondere:',
        'As a professional client, the protection rules of the German Securities Trading Act for retail clients no longer apply to you (section 67 (6) WpHG). In particular:',
      ),
      points: [
        text(
          'Wir dürfen davon ausgehen, dass Sie die Kenntnisse und Erfahrungen haben, um die Risiken der Geschäfte zu verstehen. Eine Angemessenheitsprüfung mit Warnhinweisen findet nicht mehr statt (Art. 56 Abs. 1 Unterabs. 2 Delegierte Verordnung (EU) 2017/565).',
          'We may assume that you have the knowledge and experience to understand the risks of the transactions. There is no longer an appropriateness assessment with warnings (Article 56 (1), second subparagraph, of Delegated Regulation (EU) 2017/565).',
        ),
        text(
          'Informationen über uns, die Finanzinstrumente sowie Kosten und Nebenkosten erhalten Sie teilweise in geringerem Umfang oder nicht in der für Privatkunden vorgeschriebenen Form.',
          'You may receive information about us, the financial instruments and costs and charges in less detail or not in the form prescribed for retail clients.',
        ),
        text(
          'Als qualifizierter Anleger gelten für Sie die Höchstbeträge für nicht qualifizierte Anleger bei Angeboten ohne Prospekt nicht mehr (§ 6 WpPG: 1.000 €, 10.000 € oder 25.000 € je Angebot).',
          'As a qualified investor, the maximum amounts for non-qualified investors in offers without a prospectus no longer apply to you (section 6 WpPG: EUR 1,000, 10,000 or 25,000 per offer).',
        ),
        text(
          'Sie können Anleihen zeichnen, die nur professionellen Kunden angeboten werden.',
          'You can subscribe to bonds that are offered to professional clients only.',
        ),
        text(
          'Sie können jederzeit verlangen, wieder als Privatkunde eingestuft zu werden und damit den vollen Schutz zurückzuerhalten (§ 67 Abs. 5 WpHG).',
          'You can ask at any time to be classified as a retail client again and so regain full protection (section 67 (5) WpHG).',
        ),
      ],
      questions: [
        statement(
          'declaration',
          'request_classification',
          'Ich beantrage, generell als professioneller Kunde eingestuft zu werden.',
          'I request to be classified as a professional client in general.',
        ),
        statement(
          'declaration',
          'protection_notice',
          'Ich habe zur Kenntnis genommen, dass mit der Einstufung als professioneller Kunde die Schutzvorschriften des Wertpapierhandelsgesetzes für Privatkunden nicht mehr für mich gelten, und bin mir der Folgen bewusst.',
          'I have taken note that, once I am classified as a professional client, the protection rules of the German Securities Trading Act for retail clients no longer apply to me, and I am aware of the consequences.',
        ),
        statement(
          'declaration',
          'inform_changes',
          'Ich werde Sie über alle Änderungen informieren, die meine Einstufung als professioneller Kunde beeinflussen können.',
          'I will inform you of any change that may affect my classification as a professional client.',
        ),
      ],
    },
  ],
  grading: { kind: 'criteria', minimum: 2 },
  warnings: [
    {
      key: 'criteria_not_met',
      title: text('Kriterien nicht erfüllt', 'Criteria not met'),
      text: text(
        'Sie erfüllen nach Ihren Angaben weniger als zwei der drei Kriterien des § 67 Abs. 6 WpHG. Wir können Sie deshalb nicht als professionellen Kunden einstufen; Sie bleiben Privatkunde mit dem vollen Schutz. Bitte beantworten Sie stattdessen die Fragen zur Angemessenheit.',
        'According to your answers you meet fewer than two of the three criteria of section 67 (6) WpHG. We therefore cannot classify you as a professional client; you remain a retail client with full protection. Please answer the appropriateness questions instead.',
      ),
    },
    {
      key: 'declarations_missing',
      title: text('Erklärungen fehlen', 'Declarations missing'),
      text: text(
        'Eine Einstufung als professioneller Kunde ist nur auf Ihren ausdrücklichen Antrag möglich, und Sie müssen bestätigen, den Hinweis auf den Verlust des Schutzes für Privatkunden zur Kenntnis genommen zu haben (§ 67 Abs. 6 WpHG).',
        'Classification as a professional client is only possible on your express request, and you must confirm that you have taken note of the loss of the protection for retail clients (section 67 (6) WpHG).',
      ),
    },
  ],
};

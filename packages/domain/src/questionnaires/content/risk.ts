import { type QuestionnaireDefinition, type StatementQuestion, text } from '../types.ts';

function risk(id: string, de: string, en: string): StatementQuestion {
  return { kind: 'statement', role: 'risk', id, text: text(de, en) };
}

/**
 * The risk statements (page adequacy-risk) an investor confirms after the standardised warning or
 * after declining the appropriateness test (WpHG § 63 (10): the investor may proceed; the warning
 * and the investor's choice are recorded). Grade: the number of confirmed statements (0 to 8);
 * passes only when every statement is confirmed.
 */
export const risk202611: QuestionnaireDefinition = {
  type: 'risk',
  version: '2026-11',
  validFrom: '2026-11-01',
  title: text('Risikohinweise', 'Risk statements'),
  legalBasis: text(
    '§ 63 Abs. 10 WpHG; Art. 56 Abs. 2 Delegierte Verordnung (EU) 2017/565',
    'Section 63 (10) WpHG; Article 56 (2) of Delegated Regulation (EU) 2017/565',
  ),
  intro: text(
    'Sie haben die Fragen zur Angemessenheit nicht beantwortet oder einen Warnhinweis erhalten. Wenn Sie dennoch investieren möchten, lesen Sie bitte jede der folgenden Aussagen und bestätigen Sie sie.',
    'You have not answered the appropriateness questions or you have received a warning. If you still wish to invest, please read and confirm each of the following statements.',
  ),
  sections: [
    {
      id: 'statements',
      title: text('Ich bestätige:', 'I confirm:'),
      questions: [
        risk(
          'own_decision',
          'Mir ist bewusst, dass die Angemessenheit der Anleihen für mich nicht beurteilt werden konnte oder dass sie nach meinen Angaben für mich nicht angemessen sind. Ich investiere dennoch aus eigener Entscheidung.',
          'I am aware that the appropriateness of the bonds for me could not be judged, or that they are not appropriate for me according to my answers. I am investing nevertheless, of my own decision.',
        ),
        risk(
          'total_loss',
          'Mir ist bewusst, dass ich das angelegte Kapital ganz verlieren kann (Totalverlust), wenn die Emittentin ihre Zins- und Rückzahlungen nicht leisten kann.',
          'I am aware that I may lose all of the capital invested (total loss) if the issuer cannot make its interest payments and repayments.',
        ),
        risk(
          'subordination',
          'Mir ist bewusst, dass nachrangige Anleihen im Fall der Insolvenz oder Liquidation der Emittentin erst nach allen nicht nachrangigen Gläubigern bedient werden und ein Verlust dadurch wahrscheinlicher ist.',
          "I am aware that subordinated bonds are paid only after all non-subordinated creditors in the issuer's insolvency or liquidation, which makes a loss more likely.",
        ),
        risk(
          'illiquidity',
          'Mir ist bewusst, dass es für die Token keinen geregelten Markt gibt und ich sie vor Fälligkeit möglicherweise nicht oder nur mit Abschlag verkaufen kann.',
          'I am aware that there is no regulated market for the tokens and that I may not be able to sell them before maturity, or only at a discount.',
        ),
        risk(
          'custody_and_keys',
          'Mir ist bewusst, dass technische Störungen der Blockchain, Cyberangriffe, der Verlust privater Schlüssel oder ein Ausfall der Kryptoverwahrstelle den Zugriff auf meine Token verzögern oder verhindern können.',
          "I am aware that technical failures of the blockchain, cyber attacks, the loss of private keys or the crypto custodian's failure may delay or prevent access to my tokens.",
        ),
        risk(
          'no_deposit_insurance',
          'Mir ist bewusst, dass die Anleihen nicht durch die gesetzliche Einlagensicherung geschützt sind.',
          'I am aware that the bonds are not protected by the statutory deposit guarantee scheme.',
        ),
        risk(
          'no_advice',
          'Mir ist bewusst, dass keine Anlageberatung stattfindet und nicht geprüft wird, ob die Anlage zu meinen Anlagezielen und finanziellen Verhältnissen passt.',
          'I am aware that no investment advice is given and that it is not checked whether the investment suits my investment objectives and financial situation.',
        ),
        risk(
          'affordable_loss',
          'Ich lege nur Geld an, dessen Verlust ich wirtschaftlich verkraften kann, und mir ist bewusst, dass eine Streuung auf verschiedene Anlagen das Risiko mindert.',
          'I only invest money whose loss I can bear financially, and I am aware that spreading my money across different investments reduces the risk.',
        ),
      ],
    },
  ],
  grading: { kind: 'all_confirmed' },
  warnings: [
    {
      key: 'risks_not_confirmed',
      title: text('Risikohinweise nicht bestätigt', 'Risk statements not confirmed'),
      text: text(
        'Sie haben nicht alle Risikohinweise bestätigt. Ohne diese Bestätigung können Sie keine Anleihen zeichnen. Sie können die Risikohinweise jederzeit erneut aufrufen.',
        'You have not confirmed every risk statement. Without this confirmation you cannot subscribe to bonds. You can return to the risk statements at any time.',
      ),
    },
  ],
};

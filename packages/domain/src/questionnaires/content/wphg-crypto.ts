import { type QuestionnaireDefinition, text } from '../types.ts';
import { dontKnow, transactionCountOptions, transactionVolumeOptions } from './shared.ts';

/**
 * WpHG § 63 (10) appropriateness survey for crypto securities (eWpG) and tokenised bonds
 * (Art. 55/56 Delegated Regulation (EU) 2017/565): experience (number and volume of transactions,
 * custody of crypto assets), knowledge of the risks (what a crypto security is, issuer default,
 * private keys, custody, transferability), education and profession. The grade is the sum of the
 * points (at most 21); above 7 appropriate (spec 9), otherwise the standardised warning.
 */
export const wphgCrypto202611: QuestionnaireDefinition = {
  type: 'wphg_crypto',
  version: '2026-11',
  validFrom: '2026-11-01',
  title: text(
    'Angemessenheitsprüfung: Kryptowertpapiere und tokenisierte Anleihen',
    'Appropriateness assessment: crypto securities and tokenised bonds',
  ),
  legalBasis: text(
    '§ 63 Abs. 10 WpHG; Art. 55 und 56 Delegierte Verordnung (EU) 2017/565; Gesetz über elektronische Wertpapiere (eWpG)',
    'Section 63 (10) WpHG; Articles 55 and 56 of Delegated Regulation (EU) 2017/565; German Electronic Securities Act (eWpG)',
  ),
  intro: text(
    'Die Anleihen auf unserer Plattform werden als Kryptowertpapiere in einem Kryptowertpapierregister begeben und in einem Wallet verwahrt. Die folgenden Fragen betreffen Ihre Erfahrungen mit und Ihre Kenntnisse über solche tokenisierten Wertpapiere und Kryptowerte sowie Ihre Ausbildung und Ihren Beruf.',
    'The bonds on our platform are issued as crypto securities in a crypto securities register and held in a wallet. The following questions concern your experience with and knowledge of such tokenised securities and crypto assets, and your education and profession.',
  ),
  sections: [
    {
      id: 'experience',
      title: text('Ihre Erfahrungen', 'Your experience'),
      questions: [
        {
          kind: 'choice',
          id: 'crypto_transactions_3y',
          text: text(
            'Wie viele Geschäfte mit Kryptowertpapieren, tokenisierten Anleihen oder anderen Kryptowerten (z. B. Bitcoin, Ether) haben Sie in den letzten drei Jahren getätigt?',
            'How many transactions in crypto securities, tokenised bonds or other crypto assets (e.g. Bitcoin, Ether) have you carried out in the last three years?',
          ),
          options: transactionCountOptions,
        },
        {
          kind: 'choice',
          id: 'crypto_volume_5y',
          text: text(
            'Wie hoch war das Volumen dieser Geschäfte in den letzten fünf Jahren insgesamt?',
            'What was the total volume of these transactions in the last five years?',
          ),
          options: transactionVolumeOptions,
        },
        {
          kind: 'choice',
          id: 'wallet_experience',
          text: text('Wie haben Sie Kryptowerte bisher verwahrt?', 'How have you held crypto assets so far?'),
          options: [
            {
              id: 'never',
              score: 0,
              text: text('Ich habe noch nie Kryptowerte besessen.', 'I have never owned crypto assets.'),
            },
            {
              id: 'custodian',
              score: 1,
              text: text(
                'Bei einer Kryptoverwahrstelle oder einer Handelsplattform',
                'With a crypto custodian or on a trading platform',
              ),
            },
            {
              id: 'own_wallet',
              score: 2,
              text: text(
                'In einem eigenen Wallet, dessen privaten Schlüssel ich selbst verwalte',
                'In a wallet of my own whose private key I manage myself',
              ),
            },
          ],
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
          id: 'crypto_security',
          text: text('Was ist ein Kryptowertpapier?', 'What is a crypto security?'),
          options: [
            {
              id: 'register_entry',
              score: 2,
              text: text(
                'Ein elektronisches Wertpapier, das statt durch eine Urkunde durch Eintragung in ein Kryptowertpapierregister begeben wird, das auf einem fälschungssicheren Aufzeichnungssystem wie einer Blockchain geführt wird.',
                'An electronic security that is issued, instead of by a certificate, by an entry in a crypto securities register kept on a tamper-proof recording system such as a blockchain.',
              ),
            },
            {
              id: 'currency',
              score: 0,
              text: text('Eine digitale Währung wie Bitcoin.', 'A digital currency such as Bitcoin.'),
            },
            {
              id: 'state_guaranteed',
              score: 0,
              text: text('Eine staatlich garantierte Geldanlage.', 'A state-guaranteed investment.'),
            },
            dontKnow,
          ],
        },
        {
          kind: 'choice',
          id: 'token_issuer_default',
          text: text(
            'Was geschieht mit Ihrer tokenisierten Anleihe, wenn die Emittentin zahlungsunfähig wird?',
            'What happens to your tokenised bond if the issuer becomes insolvent?',
          ),
          options: [
            {
              id: 'keeps_value',
              score: 0,
              text: text(
                'Der Token behält seinen Wert, weil er auf der Blockchain gespeichert ist.',
                'The token keeps its value because it is stored on the blockchain.',
              ),
            },
            {
              id: 'loss_possible',
              score: 2,
              text: text(
                'Wie bei jeder Anleihe können Zins- und Rückzahlungen ganz oder teilweise ausfallen, bis hin zum Totalverlust; die Blockchain schützt nicht vor der Insolvenz der Emittentin.',
                "As with any bond, interest and repayments may be lost in part or in full, up to a total loss; the blockchain does not protect against the issuer's insolvency.",
              ),
            },
            {
              id: 'custodian_pays',
              score: 0,
              text: text(
                'Die Kryptoverwahrstelle zahlt den Nennwert zurück.',
                'The crypto custodian repays the nominal value.',
              ),
            },
            dontKnow,
          ],
        },
        {
          kind: 'choice',
          id: 'private_key_loss',
          text: text(
            'Was kann geschehen, wenn der private Schlüssel eines selbst verwalteten Wallets verloren geht oder gestohlen wird?',
            'What can happen if the private key of a self-managed wallet is lost or stolen?',
          ),
          options: [
            {
              id: 'access_lost',
              score: 2,
              text: text(
                'Der Zugriff auf die Token kann dauerhaft verloren gehen, oder Unbefugte können über sie verfügen.',
                'Access to the tokens may be lost for good, or unauthorised persons may dispose of them.',
              ),
            },
            {
              id: 'bank_restores',
              score: 0,
              text: text(
                'Meine Bank stellt die Token aus einer Sicherung wieder her.',
                'My bank restores the tokens from a backup.',
              ),
            },
            {
              id: 'nothing',
              score: 0,
              text: text(
                'Nichts, ein neuer Schlüssel für dasselbe Wallet kann jederzeit erzeugt werden.',
                'Nothing, a new key for the same wallet can be created at any time.',
              ),
            },
            dontKnow,
          ],
        },
        {
          kind: 'choice',
          id: 'custody_risk',
          text: text(
            'Welches Risiko bleibt, wenn eine Kryptoverwahrstelle Ihre Token für Sie verwahrt?',
            'Which risk remains when a crypto custodian holds your tokens for you?',
          ),
          options: [
            {
              id: 'operational_risk',
              score: 2,
              text: text(
                'Technische Störungen, Cyberangriffe oder ein Ausfall der Verwahrstelle können den Zugriff auf die Token verzögern oder gefährden.',
                "Technical failures, cyber attacks or the custodian's failure may delay or endanger access to the tokens.",
              ),
            },
            {
              id: 'deposit_insurance',
              score: 0,
              text: text(
                'Keines, die Token sind durch die gesetzliche Einlagensicherung geschützt.',
                'None, the tokens are protected by the statutory deposit guarantee scheme.',
              ),
            },
            {
              id: 'issuer_risk_gone',
              score: 0,
              text: text(
                'Keines, die Verwahrstelle haftet auch für die Zahlungen der Emittentin.',
                "None, the custodian is also liable for the issuer's payments.",
              ),
            },
            dontKnow,
          ],
        },
        {
          kind: 'choice',
          id: 'transferability',
          text: text(
            'Können Sie tokenisierte Anleihen jederzeit zu einem angemessenen Preis verkaufen?',
            'Can you sell tokenised bonds at any time at a fair price?',
          ),
          options: [
            {
              id: 'always',
              score: 0,
              text: text(
                'Ja, Token sind jederzeit zum aktuellen Wert handelbar.',
                'Yes, tokens can be traded at their current value at any time.',
              ),
            },
            {
              id: 'limited',
              score: 2,
              text: text(
                'Nicht unbedingt: Oft gibt es keinen geregelten Markt, ein Verkauf setzt einen Käufer voraus, und Übertragungen können beschränkt sein, etwa auf freigeschaltete Wallets.',
                'Not necessarily: there is often no regulated market, a sale needs a buyer, and transfers may be restricted, for instance to whitelisted wallets.',
              ),
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
              id: 'finance_or_technology',
              score: 2,
              text: text(
                'Studium oder Berufsausbildung mit Schwerpunkt Wirtschaft, Finanzen, Bankwesen oder Informatik',
                'University degree or vocational training focused on economics, finance, banking or computer science',
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
            'Üben oder übten Sie einen Beruf aus, der Kenntnisse über Wertpapiere, Kryptowerte oder Blockchain-Technologie voraussetzt?',
            'Do you work, or have you worked, in a profession that requires knowledge of securities, crypto assets or blockchain technology?',
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
        'Warnhinweis: Kryptowertpapiere sind für Sie nicht angemessen',
        'Warning: crypto securities are not appropriate for you',
      ),
      text: text(
        'Nach Ihren Angaben verfügen Sie nicht über die Kenntnisse und Erfahrungen, die nötig sind, um die Risiken von Kryptowertpapieren und tokenisierten Anleihen angemessen beurteilen zu können. Wir halten diese Finanzinstrumente deshalb für Sie nicht für angemessen (§ 63 Abs. 10 WpHG). Zu den Risiken gehören neben dem Ausfall der Emittentin bis hin zum Totalverlust die eingeschränkte Handelbarkeit der Token sowie technische Risiken der Blockchain, der Verwahrung und der privaten Schlüssel. Sie können dennoch investieren; die Entscheidung liegt bei Ihnen.',
        'According to your answers, you do not have the knowledge and experience needed to judge the risks of crypto securities and tokenised bonds appropriately. We therefore consider these financial instruments not appropriate for you (section 63 (10) WpHG). Besides the issuer defaulting, up to a total loss, the risks include the limited tradability of the tokens and the technical risks of the blockchain, of custody and of private keys. You may still invest; the decision is yours.',
      ),
    },
  ],
};

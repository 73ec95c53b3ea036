import { CHANNEL as C, REGISTRAR, LIABILITY_UMBRELLA as U } from './channel.ts';
import type { CmsBlockCode, CmsBlockText, CmsPageCode, CmsPageText } from './cms-text.ts';

const address = `${C.companyName}<br>${C.companyStreet}<br>${C.companyPostcode} ${C.companyCity}<br>Deutschland`;
const mail = (a: string) => `<a href="mailto:${a}">${a}</a>`;
const [court, registerNumber] = [
  C.companyRegistry.slice(0, C.companyRegistry.indexOf(' HRB')),
  C.companyRegistry.slice(C.companyRegistry.indexOf('HRB')),
];

/** German CMS pages: legal texts of the platform operator. */
export const cmsPagesDe: Record<CmsPageCode, CmsPageText> = {
  imprint: {
    name: 'Impressum',
    slug: 'impressum',
    title: 'Impressum',
    metaDescription: `Anbieterkennzeichnung der ${C.companyName} nach § 5 DDG.`,
    content: `<h2>Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)</h2>
<p>${address}</p>
<h2>Vertreten durch</h2>
<p>Geschäftsführung: ${C.managingDirectors}</p>
<h2>Kontakt</h2>
<p>Telefon: ${C.contactPhoneNumber}<br>E-Mail: ${mail(C.contactEmail)}</p>
<h2>Registereintrag</h2>
<p>Eintragung im Handelsregister<br>Registergericht: ${court}<br>Registernummer: ${registerNumber}</p>
<h2>Umsatzsteuer-Identifikationsnummer</h2>
<p>Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: ${C.companyVatNumber}</p>
<h2>Aufsichtsrechtliche Angaben</h2>
<p>Die ${C.companyName} ist bei der Vermittlung von Anleihen als vertraglich gebundener Vermittler im Sinne von § 3 Abs. 2 Wertpapierinstitutsgesetz (WpIG) ausschließlich für Rechnung und unter der Haftung der ${U.name}, ${U.address} (${U.registry}), tätig. Die ${C.companyName} ist in das öffentliche Register der vertraglich gebundenen Vermittler bei der Bundesanstalt für Finanzdienstleistungsaufsicht eingetragen.</p>
<p>Die ${U.name} ist ein Wertpapierinstitut mit Erlaubnis nach § 15 WpIG. Zuständige Aufsichtsbehörde: Bundesanstalt für Finanzdienstleistungsaufsicht (BaFin), Graurheindorfer Straße 108, 53117 Bonn, und Marie-Curie-Straße 24–28, 60439 Frankfurt am Main, <a href="https://www.bafin.de">www.bafin.de</a>.</p>
<h2>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h2>
<p>Dr. Miriam Falk, ${C.companyStreet}, ${C.companyPostcode} ${C.companyCity}</p>
<h2>Verbraucherstreitbeilegung</h2>
<p>Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen (§ 36 Verbraucherstreitbeilegungsgesetz). Beschwerden nehmen wir gern unter ${mail('beschwerde@tokenwerk.example')} entgegen.</p>
<h2>Haftung für Inhalte und Links</h2>
<p>Die Inhalte dieser Plattform wurden mit größter Sorgfalt erstellt. Angaben zu Anleihen beruhen auf den Unterlagen der jeweiligen Emittentin; maßgeblich sind allein das Wertpapier-Informationsblatt und die Anleihebedingungen. Für Inhalte verlinkter Seiten Dritter sind ausschließlich deren Betreiber verantwortlich. Bei Bekanntwerden von Rechtsverletzungen entfernen wir entsprechende Links umgehend.</p>
<h2>Urheberrecht und Bildnachweise</h2>
<p>Texte und Gestaltung dieser Plattform sind urheberrechtlich geschützt. Die Abbildungen der Anleihen sind Illustrationen der ${C.companyName}; die Werke der digitalen Sammlerstücke stammen von den jeweils genannten Creators, die die Rechte daran behalten.</p>`,
  },
  'privacy-policy': {
    name: 'Datenschutzerklärung',
    slug: 'datenschutzerklaerung',
    title: 'Datenschutzerklärung',
    metaDescription:
      'Informationen nach Art. 13 und 14 DSGVO zur Verarbeitung Ihrer personenbezogenen Daten.',
    content: `<p>Mit dieser Datenschutzerklärung informieren wir Sie nach Art. 13 und 14 der Datenschutz-Grundverordnung (DSGVO) darüber, welche personenbezogenen Daten wir bei der Nutzung unserer Plattform verarbeiten, zu welchen Zwecken und auf welcher Rechtsgrundlage.</p>
<h2>1. Verantwortlicher</h2>
<p>${address}<br>E-Mail: ${mail(C.contactEmail)}<br>Telefon: ${C.contactPhoneNumber}</p>
<h2>2. Datenschutzbeauftragter</h2>
<p>Unseren Datenschutzbeauftragten erreichen Sie unter ${mail('datenschutz@tokenwerk.example')} oder unter unserer Postanschrift mit dem Zusatz „z. Hd. Datenschutzbeauftragter“.</p>
<h2>3. Aufruf der Plattform und Server-Protokolle</h2>
<p>Beim Aufruf der Plattform verarbeiten wir die IP-Adresse, Datum und Uhrzeit, die aufgerufene Adresse, den Statuscode sowie Browser- und Betriebssysteminformationen, um die Plattform auszuliefern, ihre Sicherheit zu gewährleisten und Angriffe abzuwehren. Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt im sicheren Betrieb. Die Protokolle werden nach sieben Tagen gelöscht, sofern sie nicht zur Aufklärung eines Sicherheitsvorfalls benötigt werden.</p>
<h2>4. Speicherung im Endgerät</h2>
<p>Wir setzen keine Cookies oder Techniken zu Werbe- oder Analysezwecken ein. Im lokalen Speicher Ihres Browsers legen wir nur ab, was für den von Ihnen gewünschten Dienst unbedingt erforderlich ist (Anmeldesitzung, gewählte Sprache). Rechtsgrundlage ist § 25 Abs. 2 Nr. 2 TDDDG in Verbindung mit Art. 6 Abs. 1 lit. b DSGVO.</p>
<h2>5. Registrierung und Kundenkonto</h2>
<p>Für die Eröffnung eines Kundenkontos verarbeiten wir Name, E-Mail-Adresse, Passwort (ausschließlich als kryptografischer Hashwert), Kontotyp sowie Ihre Einwilligungen. Später kommen Anschrift, Geburtsdaten, Staatsangehörigkeit, Steuer- und Bankverbindungsdaten hinzu. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO.</p>
<h2>6. Identifizierung und Geldwäscheprävention</h2>
<p>Vor der ersten Zeichnung sind wir nach §§ 10 bis 12 Geldwäschegesetz (GwG) verpflichtet, Sie zu identifizieren, wirtschaftlich Berechtigte festzustellen und zu prüfen, ob Sie eine politisch exponierte Person sind. Die Identifizierung führt ein spezialisierter Identifizierungsdienstleister durch, der dabei Ausweisdaten, ein Lichtbild und gegebenenfalls eine Videoaufzeichnung verarbeitet. Rechtsgrundlage ist Art. 6 Abs. 1 lit. c DSGVO in Verbindung mit dem GwG.</p>
<h2>7. Angemessenheitsprüfung</h2>
<p>Nach § 63 Abs. 10 Wertpapierhandelsgesetz (WpHG) fragen wir Ihre Kenntnisse und Erfahrungen mit Anleihen und Kryptowertpapieren ab und werten sie regelbasiert aus. Ergebnis ist gegebenenfalls ein Warnhinweis; die Entscheidung über eine Zeichnung bleibt bei Ihnen. Eine ausschließlich automatisierte Entscheidung im Sinne von Art. 22 DSGVO findet nicht statt. Rechtsgrundlage ist Art. 6 Abs. 1 lit. c DSGVO.</p>
<h2>8. Zeichnung, Zahlung und Kryptowertpapierregister</h2>
<p>Zur Abwicklung einer Zeichnung übermitteln wir die erforderlichen Daten an die Emittentin, an die ${U.name} als haftendes Wertpapierinstitut und an die registerführende Stelle (${REGISTRAR}), die Sie nach dem Gesetz über elektronische Wertpapiere (eWpG) als Inhaberin oder Inhaber einträgt. Bei Kartenzahlung verarbeitet unser Zahlungsdienstleister Ihre Kartendaten; wir selbst erhalten keine vollständigen Kartennummern. Rechtsgrundlagen sind Art. 6 Abs. 1 lit. b und lit. c DSGVO.</p>
<h2>9. Verwahrung der Token</h2>
<p>Für die Verwahrung Ihrer Token richtet ein Kryptoverwahrer ein Verwahrkonto (Wallet) für Sie ein. Dazu übermitteln wir Name, Kundennummer und die Ergebnisse der Identifizierung. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO.</p>
<h2>10. Kontaktformular und E-Mail</h2>
<p>Wenn Sie uns schreiben, verarbeiten wir Ihren Namen, Ihre E-Mail-Adresse und Ihre Nachricht, um Ihr Anliegen zu bearbeiten (Art. 6 Abs. 1 lit. b DSGVO bei vertragsbezogenen Anfragen, im Übrigen lit. f). Die Daten werden gelöscht, wenn die Anfrage abschließend bearbeitet ist und keine Aufbewahrungspflichten bestehen.</p>
<h2>11. Newsletter und Empfehlungsprogramm</h2>
<p>Den Newsletter versenden wir nur mit Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO), die Sie jederzeit mit Wirkung für die Zukunft widerrufen können. Nutzen Sie Ihren persönlichen Empfehlungslink, verarbeiten wir, welche Kundinnen und Kunden über ihn registriert wurden, um Provisionen abzurechnen (Art. 6 Abs. 1 lit. b DSGVO).</p>
<h2>12. Empfänger und Auftragsverarbeiter</h2>
<p>Wir setzen sorgfältig ausgewählte Dienstleister für Hosting, E-Mail-Versand und Kundenservice als Auftragsverarbeiter nach Art. 28 DSGVO ein. Öffentlichen Stellen wie der Zentralstelle für Finanztransaktionsuntersuchungen, der BaFin oder Finanzbehörden übermitteln wir Daten nur, soweit wir gesetzlich dazu verpflichtet sind.</p>
<h2>13. Übermittlung in Drittländer</h2>
<p>Wir verarbeiten Ihre Daten in Rechenzentren innerhalb der Europäischen Union. Sollte ein Dienstleister Daten in einem Drittland verarbeiten, geschieht dies nur auf Grundlage eines Angemessenheitsbeschlusses der Europäischen Kommission oder von Standardvertragsklauseln nach Art. 46 Abs. 2 lit. c DSGVO.</p>
<h2>14. Speicherdauer</h2>
<p>Wir speichern personenbezogene Daten, solange es für die genannten Zwecke erforderlich ist. Danach gelten gesetzliche Aufbewahrungsfristen: fünf Jahre nach Ende der Geschäftsbeziehung für Identifizierungsdaten (§ 8 Abs. 4 GwG), fünf Jahre für Aufzeichnungen über Wertpapierdienstleistungen (§ 83 Abs. 8 WpHG), bis zu zehn Jahre für Handelsbücher und Jahresabschlüsse, acht Jahre für Buchungsbelege und sechs Jahre für Geschäftsbriefe (§ 257 HGB, § 147 AO).</p>
<h2>15. Ihre Rechte</h2>
<p>Sie haben das Recht auf Auskunft (Art. 15 DSGVO), Berichtigung (Art. 16), Löschung (Art. 17), Einschränkung der Verarbeitung (Art. 18) und Datenübertragbarkeit (Art. 20). Eine erteilte Einwilligung können Sie jederzeit widerrufen (Art. 7 Abs. 3).</p>
<p><strong>Widerspruchsrecht:</strong> Verarbeiten wir Daten auf Grundlage von Art. 6 Abs. 1 lit. f DSGVO, können Sie aus Gründen, die sich aus Ihrer besonderen Situation ergeben, jederzeit widersprechen (Art. 21 DSGVO).</p>
<p>Sie können sich bei einer Datenschutzaufsichtsbehörde beschweren (Art. 77 DSGVO). Für uns zuständig ist die Berliner Beauftragte für Datenschutz und Informationsfreiheit, Alt-Moabit 59–61, 10555 Berlin.</p>
<h2>16. Pflicht zur Bereitstellung</h2>
<p>Die Daten für Registrierung, Identifizierung und Angemessenheitsprüfung sind für den Vertragsschluss erforderlich oder gesetzlich vorgeschrieben. Ohne sie können wir Ihnen keine Zeichnung vermitteln.</p>
<p>Stand: Januar 2026</p>`,
  },
  'terms-and-conditions': {
    name: 'Allgemeine Geschäftsbedingungen',
    slug: 'agb',
    title: 'Allgemeine Geschäftsbedingungen',
    metaDescription: `Allgemeine Geschäftsbedingungen der ${C.companyName} für die Nutzung der Plattform ${C.name}.`,
    content: `<h2>§ 1 Geltungsbereich</h2>
<p>(1) Diese Allgemeinen Geschäftsbedingungen (AGB) gelten für die Nutzung der Plattform „${C.name}“ der ${C.companyName}, ${C.companyStreet}, ${C.companyPostcode} ${C.companyCity} („${C.name}“, „wir“), durch registrierte Kundinnen und Kunden („Sie“).</p>
<p>(2) Für die Zeichnung einzelner Anleihen gelten zusätzlich die jeweiligen Anleihebedingungen und das Wertpapier-Informationsblatt der Emittentin. Abweichende Bedingungen der Kundinnen und Kunden gelten nicht.</p>
<h2>§ 2 Leistungen</h2>
<p>(1) ${C.name} vermittelt als vertraglich gebundener Vermittler für Rechnung und unter der Haftung der ${U.name} Anleihen, die als Kryptowertpapiere nach dem Gesetz über elektronische Wertpapiere (eWpG) begeben werden (Anlagevermittlung). ${C.name} erbringt keine Anlageberatung und keine Vermögensverwaltung; Sie entscheiden selbst über Ihre Anlagen.</p>
<p>(2) Vertragspartnerin der Anleihe ist allein die jeweilige Emittentin. ${C.name} schuldet nicht die Erfüllung der Zahlungsverpflichtungen der Emittentin.</p>
<p>(3) Daneben betreibt ${C.name} einen Marktplatz für digitale Sammlerstücke von Creators. Digitale Sammlerstücke sind keine Finanzinstrumente.</p>
<h2>§ 3 Registrierung und Kundenkonto</h2>
<p>(1) Die Registrierung ist volljährigen, unbeschränkt geschäftsfähigen natürlichen Personen sowie juristischen Personen und Personengesellschaften mit Sitz in der Europäischen Union möglich. Jede Person darf nur ein Kundenkonto führen.</p>
<p>(2) Ihre Angaben müssen vollständig und wahr sein; Änderungen teilen Sie uns unverzüglich mit. Zugangsdaten sind geheim zu halten. Für Transaktionen mit Token ist die Zwei-Faktor-Authentifizierung zu aktivieren.</p>
<h2>§ 4 Identifizierung und Selbstauskunft</h2>
<p>(1) Vor der ersten Zeichnung müssen Sie sich nach dem Geldwäschegesetz identifizieren, Angaben zu wirtschaftlich Berechtigten und zum Status als politisch exponierte Person machen und einen Fragebogen zu Kenntnissen und Erfahrungen ausfüllen (§ 63 Abs. 10 WpHG).</p>
<p>(2) Ergibt die Angemessenheitsprüfung, dass eine Anleihe für Sie nicht angemessen ist, oder machen Sie keine Angaben, weisen wir Sie darauf hin. Sie können trotz des Hinweises zeichnen; Hinweis und Entscheidung werden dokumentiert.</p>
<h2>§ 5 Zeichnung von Anleihen</h2>
<p>(1) Die Darstellung einer Anleihe auf der Plattform ist kein verbindliches Angebot. Mit dem Abschluss des Bestellvorgangs geben Sie ein Angebot zur Zeichnung ab, nachdem Sie das Wertpapier-Informationsblatt und die Anleihebedingungen zur Kenntnis genommen haben. Der Vertrag kommt mit der Annahme durch die Emittentin zustande, die wir Ihnen per E-Mail bestätigen.</p>
<p>(2) Gezeichnet wird in Schritten von 1.000 Token zu je 1,00 € Nennbetrag. Für nicht qualifizierte Anlegerinnen und Anleger gelten die Höchstbeträge nach § 6 Wertpapierprospektgesetz; einzelne Anleihen stehen nur professionellen Kunden offen oder sind auf eine Höchstzahl von Anlegerinnen und Anlegern begrenzt.</p>
<p>(3) Nach Zahlungseingang veranlasst ${C.name} die Eintragung der Token auf Ihren Namen im Kryptowertpapierregister. Über jede Eintragung erhalten Sie einen Registerauszug in Textform (§ 19 eWpG).</p>
<h2>§ 6 Zahlung</h2>
<p>(1) Bei Zahlung per Banküberweisung ist der Zeichnungsbetrag innerhalb von 14 Tagen unter Angabe der Bestellnummer auf das angegebene Treuhandkonto zu überweisen. Geht die Zahlung nicht fristgerecht ein, kann die Zeichnung storniert werden.</p>
<p>(2) Kartenzahlungen sind je Bestellung bis zu dem bei der Anleihe angegebenen Höchstbetrag möglich und werden über einen Zahlungsdienstleister abgewickelt.</p>
<h2>§ 7 Verwahrung und Übertragung</h2>
<p>(1) Ihre Token werden von einem beauftragten Kryptoverwahrer auf einem für Sie geführten Verwahrkonto gehalten. Über Ihre Token verfügen Sie ausschließlich über Ihr Kundenkonto.</p>
<p>(2) Übertragungen an andere Kundinnen und Kunden sind nur möglich, wenn diese identifiziert und für die betreffende Anleihe freigeschaltet sind, und müssen mit einem Zwei-Faktor-Code bestätigt werden.</p>
<h2>§ 8 Digitale Sammlerstücke</h2>
<p>(1) Beim Kauf eines digitalen Sammlerstücks erwerben Sie ein Token, das eine nummerierte digitale Edition des Werks repräsentiert, sowie ein einfaches, nicht übertragbares Recht, das Werk zu privaten Zwecken anzuzeigen. Urheber- und Verwertungsrechte verbleiben beim Creator, soweit die Beschreibung nichts anderes bestimmt.</p>
<p>(2) Die Preise für digitale Sammlerstücke enthalten die gesetzliche Umsatzsteuer von 19 %. Bei Weiterverkäufen über den Marktplatz erhält der Creator die angegebene Lizenzgebühr (Royalty).</p>
<h2>§ 9 Entgelte</h2>
<p>Für Registrierung, Kontoführung und Verwahrung berechnen wir Anlegerinnen und Anlegern keine Entgelte. Die Vergütung von ${C.name} durch Emittentinnen ist im jeweiligen Wertpapier-Informationsblatt ausgewiesen.</p>
<h2>§ 10 Widerrufsrecht</h2>
<p>Verbraucherinnen und Verbrauchern steht ein Widerrufsrecht nach Maßgabe der gesetzlichen Vorschriften zu. Einzelheiten ergeben sich aus der Widerrufsbelehrung, die wir Ihnen vor Abschluss jeder Bestellung zur Verfügung stellen. Bei digitalen Inhalten erlischt das Widerrufsrecht, wenn wir mit der Vertragserfüllung begonnen haben, nachdem Sie ausdrücklich zugestimmt und Ihre Kenntnis vom Erlöschen bestätigt haben (§ 356 Abs. 5 BGB).</p>
<h2>§ 11 Haftung</h2>
<p>(1) Wir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit, bei Verletzung von Leben, Körper oder Gesundheit sowie nach dem Produkthaftungsgesetz.</p>
<p>(2) Bei leicht fahrlässiger Verletzung wesentlicher Vertragspflichten ist die Haftung auf den vertragstypischen, vorhersehbaren Schaden begrenzt; im Übrigen ist die Haftung für leichte Fahrlässigkeit ausgeschlossen.</p>
<p>(3) Für die wirtschaftliche Entwicklung einer Emittentin und die Werthaltigkeit der Anleihen haften wir nicht.</p>
<h2>§ 12 Laufzeit und Kündigung</h2>
<p>Sie können Ihr Kundenkonto jederzeit kündigen, wir mit einer Frist von vier Wochen. Das Recht zur fristlosen Kündigung aus wichtigem Grund bleibt unberührt, insbesondere bei falschen Angaben oder Verdacht auf Geldwäsche. Rechte aus bereits gezeichneten Anleihen bleiben von einer Kündigung unberührt.</p>
<h2>§ 13 Änderungen dieser AGB</h2>
<p>Änderungen teilen wir Ihnen spätestens sechs Wochen vor ihrem Inkrafttreten in Textform mit. Sie können den Änderungen bis zum Inkrafttreten widersprechen; auf diese Folge weisen wir Sie in der Mitteilung besonders hin.</p>
<h2>§ 14 Schlussbestimmungen</h2>
<p>(1) Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Bei Verbraucherinnen und Verbrauchern gilt diese Rechtswahl nur, soweit nicht zwingende Bestimmungen des Staates ihres gewöhnlichen Aufenthalts entgegenstehen.</p>
<p>(2) Gerichtsstand für Kaufleute und juristische Personen des öffentlichen Rechts ist Berlin.</p>
<p>(3) Sollte eine Bestimmung dieser AGB unwirksam sein, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt.</p>
<p>Stand: Januar 2026</p>`,
  },
  'data-protection': {
    name: 'Datenschutzhinweise',
    slug: 'datenschutz',
    title: 'Datenschutzhinweise zu Sicherheit, Blockchain und Ihren Einstellungen',
    metaDescription:
      'Wie wir Ihre Daten schützen, was auf der Blockchain gespeichert wird und wie Sie Ihre Rechte ausüben.',
    content: `<p>Ergänzend zu unserer Datenschutzerklärung erläutern wir hier, wie wir Ihre Daten technisch schützen, welche Angaben auf einer öffentlichen Blockchain sichtbar sind und wie Sie Ihre Datenschutzeinstellungen verwalten.</p>
<h2>Technische und organisatorische Maßnahmen</h2>
<ul>
<li>Alle Verbindungen zur Plattform sind mit TLS verschlüsselt.</li>
<li>Passwörter speichern wir ausschließlich als Hashwert nach dem Verfahren Argon2id; niemand bei ${C.name} kann Ihr Passwort lesen.</li>
<li>Für Übertragungen von Token und sicherheitsrelevante Änderungen ist eine Zwei-Faktor-Authentifizierung erforderlich.</li>
<li>Schlüssel der Verwahrkonten und Zwei-Faktor-Geheimnisse werden verschlüsselt gespeichert.</li>
<li>Zugriffe unserer Mitarbeiterinnen und Mitarbeiter sind auf das für ihre Aufgabe Erforderliche beschränkt und werden protokolliert.</li>
</ul>
<h2>Daten auf der Blockchain</h2>
<p>Das Kryptowertpapierregister wird auf der öffentlichen Blockchain Polygon geführt. Dort sind Wallet-Adressen, Token-Bestände und Übertragungen für jedermann einsehbar. Ihr Name, Ihre Anschrift und andere Identifizierungsdaten werden <strong>nicht</strong> auf der Blockchain gespeichert, sondern nur bei der registerführenden Stelle und bei uns.</p>
<p>Einträge auf einer Blockchain lassen sich technisch nicht löschen oder ändern. Nach Löschung Ihres Kundenkontos ist eine Wallet-Adresse ohne die bei uns gelöschten Zuordnungsdaten keiner Person mehr zuzuordnen.</p>
<h2>Speicherung im Browser</h2>
<p>Wir verwenden keine Tracking- oder Werbe-Cookies. Im lokalen Speicher Ihres Browsers liegen nur die Anmeldesitzung und die gewählte Sprache. Beim Abmelden werden die Sitzungsdaten entfernt.</p>
<h2>Ihre Einstellungen</h2>
<p>In Ihrem Kundenkonto können Sie Marketing-Einwilligungen und Benachrichtigungen jederzeit ändern. Einen Newsletter-Empfang beenden Sie außerdem über den Abmeldelink in jeder Ausgabe.</p>
<h2>Auskunft und Löschung</h2>
<p>Für Auskunfts-, Berichtigungs- oder Löschanträge schreiben Sie an ${mail('datenschutz@tokenwerk.example')}. Wir antworten innerhalb eines Monats. Daten, die wir aufgrund gesetzlicher Aufbewahrungspflichten (etwa nach Geldwäschegesetz oder Wertpapierhandelsgesetz) noch speichern müssen, sperren wir bis zum Ablauf der Frist.</p>
<h2>Sicherheitsvorfälle</h2>
<p>Wenn Sie eine Sicherheitslücke entdecken oder den Verdacht haben, dass jemand auf Ihr Konto zugreift, melden Sie sich bitte sofort unter ${mail('sicherheit@tokenwerk.example')}. Wir werden niemals per E-Mail oder Telefon nach Ihrem Passwort oder Zwei-Faktor-Code fragen.</p>`,
  },
  'legal-indications': {
    name: 'Rechtliche Hinweise',
    slug: 'rechtliche-hinweise',
    title: 'Rechtliche Hinweise und Risikohinweise',
    metaDescription:
      'Wesentliche Risiken tokenisierter Anleihen und rechtliche Hinweise zur Nutzung der Plattform.',
    content: `<h2>Keine Anlageberatung</h2>
<p>Die Informationen auf dieser Plattform dienen ausschließlich der Information und stellen weder eine Anlageberatung noch eine Empfehlung zum Erwerb von Wertpapieren dar. Sie ersetzen keine individuelle Beratung unter Berücksichtigung Ihrer persönlichen Verhältnisse. Grundlage einer Anlageentscheidung sollen allein das Wertpapier-Informationsblatt und die Anleihebedingungen der jeweiligen Anleihe sein.</p>
<h2>Wesentliche Risiken</h2>
<p><strong>Der Erwerb von Anleihen ist mit erheblichen Risiken verbunden und kann zum vollständigen Verlust des eingesetzten Vermögens führen.</strong></p>
<ul>
<li><strong>Emittentenrisiko und Totalverlust:</strong> Zins- und Rückzahlungen hängen allein von der wirtschaftlichen Leistungsfähigkeit der Emittentin ab. Wird sie zahlungsunfähig, können Sie Ihr gesamtes eingesetztes Kapital verlieren.</li>
<li><strong>Keine Einlagensicherung:</strong> Anleihen unterliegen weder der gesetzlichen Einlagensicherung noch einer sonstigen Sicherungseinrichtung.</li>
<li><strong>Nachrang:</strong> Soweit eine Anleihe nachrangig ausgestaltet ist, werden Forderungen im Insolvenzfall erst nach allen nicht nachrangigen Gläubigern bedient.</li>
<li><strong>Eingeschränkte Handelbarkeit:</strong> Für die Token besteht kein Börsenhandel. Ein Verkauf vor Laufzeitende ist möglicherweise nicht oder nur mit Abschlägen möglich. Planen Sie, Ihr Kapital bis zum Laufzeitende gebunden zu halten.</li>
<li><strong>Zinsänderungsrisiko:</strong> Steigt das Marktzinsniveau, kann der Wert einer festverzinslichen Anleihe sinken.</li>
<li><strong>Klumpenrisiko:</strong> Investieren Sie nur einen Teil Ihres Vermögens in einzelne Anleihen und streuen Sie Ihre Anlagen. Als Faustregel sollten nicht mehr als 10 % des frei verfügbaren Vermögens in solche Anlagen fließen.</li>
<li><strong>Technische Risiken:</strong> Kryptowertpapiere werden in einem Register auf einer Blockchain geführt. Störungen der Blockchain, Fehler in Smart Contracts, Angriffe oder der Verlust von Zugangsdaten können dazu führen, dass Sie vorübergehend oder dauerhaft nicht über Ihre Token verfügen können.</li>
<li><strong>Rechtliche und steuerliche Risiken:</strong> Änderungen von Gesetzen, Aufsichtspraxis oder Steuerrecht können sich nachteilig auf Anleihen und ihre Erträge auswirken.</li>
<li><strong>Fremdfinanzierung:</strong> Finanzieren Sie eine Anlage mit Krediten, müssen Sie Zins und Tilgung auch bei einem Ausfall der Anleihe leisten. Wir raten davon ab.</li>
</ul>
<p>Angaben zu früheren Wertentwicklungen oder Prognosen sind kein verlässlicher Indikator für künftige Ergebnisse.</p>
<h2>Wertpapier-Informationsblatt</h2>
<p>Die Anleihen werden ohne einen von der Bundesanstalt für Finanzdienstleistungsaufsicht (BaFin) gebilligten Wertpapierprospekt angeboten. Für jede Anleihe steht ein Wertpapier-Informationsblatt nach § 4 WpPG zum Download bereit. Die inhaltliche Richtigkeit des Wertpapier-Informationsblatts unterliegt nicht der Prüfung durch die BaFin.</p>
<h2>Digitale Sammlerstücke</h2>
<p>Digitale Sammlerstücke sind keine Finanzinstrumente und keine Geldanlage. Ihr Wert kann stark schwanken oder vollständig entfallen; es gibt keinen Anspruch auf Rückkauf.</p>
<h2>Angebotsbeschränkungen</h2>
<p>Die Angebote auf dieser Plattform richten sich ausschließlich an Personen mit Wohnsitz oder Sitz in der Bundesrepublik Deutschland. Sie richten sich insbesondere nicht an US-Personen im Sinne der Regulation S des US Securities Act von 1933.</p>
<h2>Steuern</h2>
<p>Zinserträge unterliegen in Deutschland in der Regel der Abgeltungsteuer zuzüglich Solidaritätszuschlag und gegebenenfalls Kirchensteuer. Die steuerliche Behandlung hängt von Ihren persönlichen Verhältnissen ab; lassen Sie sich im Zweifel von einer Steuerberaterin oder einem Steuerberater beraten.</p>
<h2>Interessenkonflikte</h2>
<p>${C.name} erhält von den Emittentinnen Vermittlungsprovisionen und laufende Plattformgebühren. Die Höhe ist im jeweiligen Wertpapier-Informationsblatt angegeben. Zum Umgang mit Interessenkonflikten informieren wir Sie auf Anfrage ausführlich.</p>`,
  },
  contact: {
    name: 'Kontakt',
    slug: 'kontakt',
    title: 'Kontakt',
    metaDescription: `So erreichen Sie das Team von ${C.name}.`,
    content: `<p>Sie haben Fragen zu einer Anleihe, zu Ihrem Kundenkonto oder zur Identifizierung? Wir helfen Ihnen gern.</p>
<h2>Anschrift</h2>
<p>${address}</p>
<h2>Telefon und E-Mail</h2>
<p>Telefon: ${C.contactPhoneNumber} (Montag bis Freitag, 9 bis 17 Uhr)<br>E-Mail: ${mail(C.contactEmail)}</p>
<p>Über das Kontaktformular auf dieser Seite erreicht Ihre Nachricht direkt unser Service-Team. In der Regel antworten wir innerhalb von zwei Werktagen.</p>
<h2>Freischaltung für begrenzte Angebote</h2>
<p>Einige Anleihen stehen nur einer begrenzten Zahl von Anlegerinnen und Anlegern offen (zum Beispiel höchstens 149). Für die Freischaltung (Whitelisting) schreiben Sie uns bitte eine E-Mail mit dem Namen der Anleihe im Betreff.</p>
<h2>Exklusive Angebote</h2>
<p>Exklusive Anleihen können nicht direkt gezeichnet werden. Wenn Sie Interesse haben, senden Sie uns eine Nachricht; wir melden uns mit den Unterlagen bei Ihnen.</p>
<h2>Beschwerden</h2>
<p>Beschwerden richten Sie bitte an ${mail('beschwerde@tokenwerk.example')} oder per Post an die oben genannte Anschrift. Wir bestätigen den Eingang innerhalb von fünf Werktagen.</p>
<p><strong>Bitte senden Sie uns niemals Passwörter, Zwei-Faktor-Codes oder vollständige Kartendaten.</strong> Anlageberatung können wir per E-Mail und Telefon nicht leisten.</p>`,
  },
};

/** German CMS blocks of the home page and footer. */
export const cmsBlocksDe: Record<CmsBlockCode, CmsBlockText> = {
  'home-welcome': {
    name: 'Willkommen',
    content: `<h2>Willkommen bei ${C.name}</h2>
<p>Investieren Sie ab 1.000 € in Anleihen aus erneuerbaren Energien, Immobilien und Mittelstand – digital gezeichnet, als Kryptowertpapier im Register eingetragen und sicher verwahrt. Und entdecken Sie digitale Sammlerstücke von Künstlerinnen und Künstlern aus ganz Deutschland.</p>`,
  },
  'home-how-to-start': {
    name: 'So starten Sie',
    content: `<ol>
<li><h3>Konto eröffnen</h3><p>Registrieren Sie sich mit Ihrer E-Mail-Adresse und bestätigen Sie den Link, den wir Ihnen senden.</p></li>
<li><h3>Identifizieren und Wallet erhalten</h3><p>Weisen Sie sich einmalig online aus und beantworten Sie einige Fragen zu Ihrer Anlageerfahrung. Danach richten wir Ihr Verwahrkonto (Wallet) ein.</p></li>
<li><h3>Anleihe zeichnen</h3><p>Wählen Sie eine Anleihe, lesen Sie Wertpapier-Informationsblatt und Anleihebedingungen und bezahlen Sie per Überweisung oder Karte. Ihre Token sehen Sie danach in Ihrem Depot.</p></li>
</ol>`,
  },
  'footer-partners': {
    name: 'Partner',
    content: `<p>Powered by</p>
<ul>
<li>${U.name} – Haftungsdach</li>
<li>Spreebogen Registerdienste GmbH – Kryptowertpapierregister</li>
<li>Polygon – Blockchain</li>
</ul>`,
  },
};

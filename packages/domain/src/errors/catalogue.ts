import type { Locale } from '../i18n/index.ts';

/** A sentence in every supported language. */
export type Sentence = Record<Locale, string>;

/**
 * THE error catalogue (convention 1): every machine code the API answers in problem+json, with its
 * HTTP status and its sentence. The API sends the sentence as `title`; the web shows the same
 * sentence for the same code. A new code is declared here first. Sentences from spec 8 keep its
 * English wording.
 */
export const errorCatalogue = {
  not_found: {
    status: 404,
    de: 'Die angeforderte Ressource wurde nicht gefunden.',
    en: 'The requested resource was not found.',
  },
  route_not_found: {
    status: 404,
    de: 'Diese API-Adresse gibt es nicht.',
    en: 'This API path does not exist.',
  },
  method_not_allowed: {
    status: 405,
    de: 'Diese Methode ist hier nicht erlaubt.',
    en: 'This method is not allowed here.',
  },
  bad_request: { status: 400, de: 'Die Anfrage ist fehlerhaft.', en: 'The request is malformed.' },
  invalid_query: {
    status: 400,
    de: 'Die Abfrageparameter sind ungültig.',
    en: 'The query parameters are invalid.',
  },
  invalid_body: {
    status: 400,
    de: 'Die übermittelten Daten sind ungültig.',
    en: 'The submitted data is invalid.',
  },
  validation_failed: { status: 422, de: 'Bitte prüfen Sie Ihre Eingaben.', en: 'Please check your input.' },
  payload_too_large: { status: 413, de: 'Die Anfrage ist zu groß.', en: 'The request is too large.' },
  unsupported_media_type: {
    status: 415,
    de: 'Dieses Datenformat wird nicht unterstützt.',
    en: 'This content type is not supported.',
  },
  not_acceptable: {
    status: 406,
    de: 'Das gewünschte Antwortformat wird nicht unterstützt.',
    en: 'The requested response format is not supported.',
  },
  too_many_requests: {
    status: 429,
    de: 'Zu viele Anfragen. Bitte versuchen Sie es gleich noch einmal.',
    en: 'Too many requests. Please try again shortly.',
  },
  uri_too_long: {
    status: 414,
    de: 'Die Adresse der Anfrage ist zu lang.',
    en: 'The request address is too long.',
  },
  headers_too_large: {
    status: 431,
    de: 'Die Kopfzeilen der Anfrage sind zu groß.',
    en: 'The request headers are too large.',
  },
  request_timeout: {
    status: 408,
    de: 'Die Anfrage kam nicht rechtzeitig vollständig an.',
    en: 'The request did not arrive completely in time.',
  },
  not_implemented: {
    status: 501,
    de: 'Diese Methode unterstützt der Server nicht.',
    en: 'The server does not support this method.',
  },
  service_unavailable: {
    status: 503,
    de: 'Der Dienst ist vorübergehend nicht erreichbar.',
    en: 'The service is temporarily unavailable.',
  },
  // GraphQL (issue 18): a query the endpoint refuses before running it.
  graphql_invalid_query: {
    status: 400,
    de: 'Die GraphQL-Abfrage ist ungültig.',
    en: 'The GraphQL query is invalid.',
  },
  graphql_query_too_deep: {
    status: 400,
    de: 'Die GraphQL-Abfrage ist zu tief verschachtelt.',
    en: 'The GraphQL query is nested too deeply.',
  },
  graphql_query_too_costly: {
    status: 400,
    de: 'Die GraphQL-Abfrage ist zu aufwendig. Bitte fragen Sie weniger Einträge oder Felder ab.',
    en: 'The GraphQL query is too costly. Please ask for fewer items or fields.',
  },
  // spec 8: "Anything else"
  internal_error: {
    status: 500,
    de: 'Es ist ein unerwarteter Fehler aufgetreten.',
    en: 'There was an unexpected error',
  },

  // spec 8: accounts and sign-in
  bad_credentials: {
    status: 401,
    de: 'Entweder sind Ihre Zugangsdaten falsch oder Ihr Konto muss noch aktiviert werden (Anweisungen finden Sie in Ihrem E-Mail-Postfach).',
    en: 'Either your credentials are wrong, or your account needs to be activated (Check your Email inbox for instructions).',
  },
  two_factor_required: {
    status: 401,
    de: 'Bitte geben Sie Ihren Zwei-Faktor-Authentifizierungscode ein.',
    en: 'You have to enter your Two-Factor Authentication code',
  },
  two_factor_invalid: {
    status: 401,
    de: 'Der Zwei-Faktor-Authentifizierungscode ist nicht korrekt.',
    en: 'Incorrect Two-Factor Authentication code',
  },
  already_verified: {
    status: 422,
    de: 'Ihre E-Mail-Adresse wurde bereits bestätigt.',
    en: 'Your email address was already verified',
  },
  already_signed_up: { status: 422, de: 'Sie sind bereits registriert.', en: 'Already Signed up' },
  company_name_exists: {
    status: 422,
    de: 'Dieser Firmenname ist bereits vergeben.',
    en: 'The company name already exists',
  },
  referral_code_invalid: {
    status: 422,
    de: 'Dieser Empfehlungscode ist ungültig.',
    en: 'This referral code is not valid.',
  },
  unauthorized: { status: 401, de: 'Bitte melden Sie sich an.', en: 'Please log in.' },
  refresh_token_invalid: {
    status: 401,
    de: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    en: 'Your session has expired. Please log in again.',
  },
  token_invalid: {
    status: 404,
    de: 'Dieser Link ist ungültig oder abgelaufen.',
    en: 'This link is invalid or has expired.',
  },
  two_factor_already_enabled: {
    status: 409,
    de: 'Die Zwei-Faktor-Authentifizierung ist bereits aktiv.',
    en: 'Two-factor authentication is already enabled.',
  },
  two_factor_not_started: {
    status: 409,
    de: 'Bitte lassen Sie sich zuerst einen neuen QR-Code anzeigen.',
    en: 'Please show a new QR code first.',
  },
  two_factor_not_enabled: {
    status: 409,
    de: 'Die Zwei-Faktor-Authentifizierung ist nicht aktiv.',
    en: 'Two-factor authentication is not enabled.',
  },
  // Onboarding (issue 7)
  invalid_transition: {
    status: 409,
    de: 'Dieser Statuswechsel ist nicht möglich.',
    en: 'This change of status is not possible.',
  },
  forbidden: {
    status: 403,
    de: 'Dafür fehlt Ihnen die Berechtigung.',
    en: 'You are not allowed to do this.',
  },
  operator_two_factor_required: {
    status: 403,
    de: 'Für den Verwaltungsbereich muss die Zwei-Faktor-Authentifizierung aktiv sein und die Anmeldung mit einem Code erfolgen.',
    en: 'The administration area requires two-factor authentication to be enabled and a login with a code.',
  },
  // Compliance review (issue 7): an operator may approve only a customer whose identity is confirmed.
  customer_not_identified: {
    status: 409,
    de: 'Die Identität dieses Kunden ist noch nicht bestätigt.',
    en: "This customer's identity has not been confirmed yet.",
  },
  no_file_uploaded: { status: 400, de: 'Es wurde keine Datei hochgeladen.', en: 'No file was uploaded.' },
  file_too_big: { status: 413, de: 'Die Datei ist zu groß.', en: 'File is too big' },
  file_type_not_allowed: {
    status: 415,
    de: 'Dieser Dateityp kann nicht hochgeladen werden.',
    en: 'This type of file can not be uploaded',
  },
  file_not_recognized: { status: 422, de: 'Die Datei wurde nicht erkannt.', en: 'File not recognized' },
  // Create content (issue 18): the uploaded bytes are not the ones announced with their SHA-256.
  file_hash_mismatch: {
    status: 422,
    de: 'Die hochgeladene Datei stimmt nicht mit der angekündigten Prüfsumme (SHA-256) überein.',
    en: 'The uploaded file does not match the announced checksum (SHA-256).',
  },
  // Creators' collections (issue 18, decision 023): a submitted collection is no draft any more.
  collection_submitted: {
    status: 409,
    de: 'Diese Kollektion ist bereits eingereicht und kann nicht mehr geändert werden.',
    en: 'This collection has already been submitted and can no longer be changed.',
  },
  // An item of a collection is reviewed once its creator submitted the collection (decision 023).
  collection_not_submitted: {
    status: 409,
    de: 'Dieses Werk gehört zu einer Kollektion, die noch nicht eingereicht ist. Es kann erst danach geprüft werden.',
    en: 'This item belongs to a collection that has not been submitted yet. It can be reviewed only then.',
  },
  // Create content (issue 18, decision 020): an item with a placed order awaiting payment stays on offer.
  product_has_open_orders: {
    status: 409,
    de: 'Dieses Objekt kann erst zurückgezogen werden, wenn keine Bestellung mehr auf Zahlung wartet.',
    en: 'This item can be withdrawn only once no order of it is awaiting payment.',
  },
  signed_link_invalid: {
    status: 403,
    de: 'Dieser Link ist ungültig oder abgelaufen.',
    en: 'This link is invalid or has expired.',
  },
  document_limit_reached: {
    status: 422,
    de: 'Für diesen Zweck können höchstens drei Dokumente hochgeladen werden.',
    en: 'At most three documents can be uploaded for this purpose.',
  },
  onboarding_step_missing: {
    status: 409,
    de: 'Bitte schließen Sie zuerst die vorherigen Schritte der Selbstauskunft ab.',
    en: 'Please complete the previous steps of the self-disclosure first.',
  },
  identification_in_progress: {
    status: 409,
    de: 'Ihre Identifizierung läuft bereits.',
    en: 'Your identification is already in progress.',
  },
  identification_passed: {
    status: 409,
    de: 'Ihre Identität wurde bereits bestätigt.',
    en: 'Your identity has already been confirmed.',
  },
  // Decision 032: the custodian opens a wallet only for a person who has identified (GwG § 11).
  identification_required: {
    status: 409,
    de: 'Bitte bestätigen Sie zuerst Ihre Identität. Danach eröffnen wir Ihr Verwahrungs-Wallet.',
    en: 'Please confirm your identity first. We open your custody wallet after that.',
  },
  wallet_exists: {
    status: 409,
    de: 'Sie haben bereits ein Verwahrungs-Wallet.',
    en: 'You already have a custody wallet.',
  },
  partner_unavailable: {
    status: 503,
    de: 'Unser Partner ist gerade nicht erreichbar. Bitte versuchen Sie es später noch einmal.',
    en: 'Our partner cannot be reached right now. Please try again later.',
  },
  exchange_rate_unavailable: {
    status: 503,
    de: 'Der Wechselkurs ist gerade nicht verfügbar. Bitte versuchen Sie es später noch einmal.',
    en: 'The exchange rate is not available right now. Please try again later.',
  },
  webhook_signature_invalid: {
    status: 401,
    de: 'Die Signatur der Benachrichtigung ist ungültig.',
    en: 'The notification signature is invalid.',
  },
  questionnaire_incomplete: {
    status: 422,
    de: 'Der Fragebogen muss vollständig ausgefüllt sein.',
    en: 'Questionnaire must be complete',
  },
  professional_request_open: {
    status: 409,
    de: 'Ihr Antrag auf Einstufung als professioneller Kunde wird bereits geprüft.',
    en: 'Your request to be classified as a professional client is already being reviewed.',
  },
  already_professional: {
    status: 409,
    de: 'Sie sind bereits als professioneller Kunde eingestuft.',
    en: 'You are already classified as a professional client.',
  },
  professional_evidence_missing: {
    status: 409,
    de: 'Für jedes angegebene Kriterium muss mindestens ein Nachweis vorliegen.',
    en: 'Every stated criterion needs at least one evidence file.',
  },
  migration_not_found: { status: 404, de: 'Keine Migrationsdaten gefunden.', en: 'migration not found' },
  company_account_required: {
    status: 409,
    de: 'Vertreter und wirtschaftlich Berechtigte werden nur für Firmenkonten erfasst.',
    en: 'Representatives and beneficial owners are recorded for company accounts only.',
  },
  customer_banned: {
    status: 403,
    de: 'Ihr Konto ist gesperrt. Bitte wenden Sie sich an uns.',
    en: 'Your account is blocked. Please contact us.',
  },
  // Orders (issue 8), spec 5 investment rules and WpPG § 6
  order_not_found: {
    status: 404,
    de: 'Diese Bestellung wurde nicht gefunden.',
    en: 'This order was not found.',
  },
  order_item_not_found: {
    status: 404,
    de: 'Diese Position der Bestellung wurde nicht gefunden.',
    en: 'This order item was not found.',
  },
  order_not_editable: {
    status: 409,
    de: 'Diese Bestellung ist abgeschlossen und kann nicht mehr geändert werden.',
    en: 'This order is completed and can no longer be changed.',
  },
  order_empty: {
    status: 409,
    de: 'Ihre Bestellung enthält noch keine Token.',
    en: 'Your order does not contain any tokens yet.',
  },
  order_not_cancellable: {
    status: 409,
    de: 'Diese Bestellung kann nicht mehr storniert werden.',
    en: 'This order can no longer be cancelled.',
  },
  collection_not_editable: {
    status: 409,
    de: 'Ihre Sammlung zeigt, was Sie gekauft haben; sie lässt sich nicht von Hand ändern.',
    en: 'My collection shows what you bought; it cannot be changed by hand.',
  },
  one_product_per_order: {
    status: 409,
    de: 'Eine Bestellung kann nur eine Anleihe enthalten.',
    en: 'An order can contain only one bond.',
  },
  bond_and_collectible_mixed: {
    status: 409,
    de: 'Anleihen und Sammlerstücke können nicht in einer Bestellung gekauft werden. Bitte bestellen Sie sie einzeln.',
    en: 'Bonds and collectibles cannot be bought in one order. Please order them separately.',
  },
  digital_content_consent_required: {
    status: 422,
    de: 'Bitte stimmen Sie der sofortigen Bereitstellung der digitalen Inhalte zu und bestätigen Sie, dass Ihr Widerrufsrecht damit erlischt.',
    en: 'Please agree to the immediate supply of the digital content and confirm that your right of withdrawal thereby expires.',
  },
  variant_not_found: {
    status: 422,
    de: 'Dieses Produkt gibt es nicht.',
    en: 'This product does not exist.',
  },
  quantity_invalid: {
    status: 422,
    de: 'Bitte geben Sie eine Anzahl von mindestens 1 Token an.',
    en: 'Please enter a quantity of at least 1 token.',
  },
  quantity_step: {
    status: 422,
    de: 'Die Anzahl muss ein Vielfaches der Stückelung dieser Anleihe sein.',
    en: 'The quantity must be a multiple of this bond’s denomination.',
  },
  minimum_subscription: {
    status: 422,
    de: 'Der Betrag liegt unter der Mindestzeichnung dieser Anleihe.',
    en: 'The amount is below this bond’s minimum subscription.',
  },
  maximum_order: {
    status: 422,
    de: 'Der Betrag liegt über dem Höchstbetrag einer Bestellung für nicht-professionelle Anleger.',
    en: 'The amount is above the maximum order for non-professional investors.',
  },
  investment_limit_exceeded: {
    status: 422,
    de: 'Der Betrag übersteigt Ihre Anlagegrenze für dieses Angebot nach § 6 WpPG.',
    en: 'The amount exceeds your investment limit for this offer under § 6 WpPG.',
  },
  investor_limit_reached: {
    status: 409,
    de: 'Diese Anleihe hat die Höchstzahl von Anlegern erreicht. Sie können per E-Mail um Aufnahme in die Whitelist bitten.',
    en: 'This bond has reached its maximum number of investors. You can ask by e-mail to be whitelisted.',
  },
  insufficient_stock: {
    status: 409,
    de: 'So viele Token sind nicht mehr verfügbar. Die maximal zeichenbare Menge ist erreicht.',
    en: 'Not that many tokens are available any more. The maximum currently buyable is reached.',
  },
  professional_only: {
    status: 403,
    de: 'Diese Anleihe ist nur für professionelle Anleger.',
    en: 'This bond is for professional investors only.',
  },
  buy_not_allowed: {
    status: 403,
    de: 'Sie können diese Anleihe derzeit nicht zeichnen.',
    en: 'You cannot subscribe to this bond at the moment.',
  },
  statements_required: {
    status: 422,
    de: 'Bitte bestätigen Sie die erforderlichen Erklärungen.',
    en: 'Please confirm the required statements.',
  },
  legal_documents_not_confirmed: {
    status: 409,
    de: 'Bitte bestätigen Sie zuerst die rechtlichen Dokumente der Anleihe.',
    en: 'Please confirm the legal documents of the bond first.',
  },
  payment_method_unavailable: {
    status: 422,
    de: 'Diese Zahlungsart ist für diese Bestellung nicht verfügbar.',
    en: 'This payment method is not available for this order.',
  },
  payment_method_not_selected: {
    status: 409,
    de: 'Bitte wählen Sie zuerst eine Zahlungsart.',
    en: 'Please choose a payment method first.',
  },
  payment_not_found: {
    status: 404,
    de: 'Diese Zahlung wurde nicht gefunden.',
    en: 'This payment was not found.',
  },
  // spec 5: "invalid 'This discount code is not valid.'"
  discount_code_invalid: {
    status: 422,
    de: 'Dieser Rabattcode ist ungültig.',
    en: 'This discount code is not valid.',
  },
  invoice_not_found: {
    status: 404,
    de: 'Diese Rechnung wurde nicht gefunden.',
    en: 'This invoice was not found.',
  },
  // Payments (issue 8): bank statements and the card provider.
  bank_statement_invalid: {
    status: 422,
    de: 'Die Datei ist kein gültiger Kontoauszug im Format camt.053 oder camt.054.',
    en: 'The file is not a valid camt.053 or camt.054 bank statement.',
  },
  order_not_payable: {
    status: 409,
    de: 'Diese Bestellung erwartet keine Zahlung (mehr).',
    en: 'This order is not awaiting payment.',
  },
  order_not_refundable: {
    status: 409,
    de: 'Diese Bestellung ist nicht bezahlt und kann nicht erstattet werden.',
    en: 'This order is not paid and cannot be refunded.',
  },
  card_refund_failed: {
    status: 502,
    de: 'Der Kartenanbieter hat die Erstattung abgelehnt. Bitte versuchen Sie es später erneut.',
    en: 'The card provider refused the refund. Please try again later.',
  },
  bank_credit_not_found: {
    status: 404,
    de: 'Diese Gutschrift wurde nicht gefunden.',
    en: 'This bank credit was not found.',
  },
  bank_credit_closed: {
    status: 409,
    de: 'Diese Gutschrift ist bereits verbucht oder zurücküberwiesen.',
    en: 'This bank credit has already been booked or returned.',
  },
  bank_statement_too_large: {
    status: 413,
    de: 'Der Kontoauszug ist zu groß (höchstens 10 MB).',
    en: 'The bank statement is too large (at most 10 MB).',
  },
  bank_statement_unsafe: {
    status: 422,
    de: 'Der Kontoauszug enthält eine DOCTYPE- oder ENTITY-Deklaration und wird aus Sicherheitsgründen abgelehnt.',
    en: 'The bank statement contains a DOCTYPE or ENTITY declaration and is refused for security reasons.',
  },
  payment_amount_invalid: {
    status: 422,
    de: 'Der Betrag ist ungültig.',
    en: 'The amount is invalid.',
  },
  // Token register (issue 16): transfers (refusals in the order `transferRefusal` checks them), spec 8
  // "transfer success, 'something goes wrong', check beneficiary or amount", excerpts, reversals.
  transfer_amount_invalid: {
    status: 422,
    de: 'Bitte übertragen Sie eine ganze Anzahl von mindestens 1 Token. Bitte prüfen Sie den Empfänger oder den Betrag.',
    en: 'Please transfer a whole number of at least 1 token. Please check the beneficiary or the amount.',
  },
  transfer_to_self: {
    status: 422,
    de: 'Sie können keine Token an sich selbst übertragen. Bitte prüfen Sie den Empfänger oder den Betrag.',
    en: 'You cannot transfer tokens to yourself. Please check the beneficiary or the amount.',
  },
  // Not the 401 `two_factor_required` (a code is missing): this sender has no two-factor to ask a code of.
  transfer_two_factor_not_enabled: {
    status: 403,
    de: 'Für Token-Übertragungen muss die Zwei-Faktor-Authentifizierung aktiv sein. Bitte aktivieren Sie sie zuerst.',
    en: 'Token transfers require two-factor authentication. Please enable it first.',
  },
  insufficient_minted_tokens: {
    status: 422,
    de: 'So viele bereits gemintete Token dieser Anleihe halten Sie nicht. Bitte prüfen Sie den Empfänger oder den Betrag.',
    en: 'You do not hold that many minted tokens of this bond. Please check the beneficiary or the amount.',
  },
  disposal_restricted: {
    status: 422,
    de: 'Für diese Token besteht eine Verfügungsbeschränkung; sie können derzeit nicht übertragen werden.',
    en: 'These tokens are subject to a disposal restriction and cannot be transferred at the moment.',
  },
  beneficiary_not_whitelisted: {
    status: 422,
    de: 'Der Empfänger ist kein freigeschalteter Anleger dieser Anleihe. Bitte prüfen Sie den Empfänger oder den Betrag.',
    en: 'The beneficiary is not a whitelisted investor of this bond. Please check the beneficiary or the amount.',
  },
  professional_only_bond: {
    status: 422,
    de: 'Token dieser Anleihe können nur an professionelle Anleger übertragen werden.',
    en: 'Tokens of this bond can only be transferred to professional investors.',
  },
  transfer_investor_limit_reached: {
    status: 422,
    de: 'Diese Anleihe hat die Höchstzahl von Anlegern erreicht. Der Empfänger hält noch keine Token dieser Anleihe und kann keine erhalten.',
    en: 'This bond has reached its maximum number of investors. The beneficiary holds none of its tokens and cannot receive any.',
  },
  // spec 8: "transfer ... 'something goes wrong'" (the registrar refused or failed).
  transfer_failed: {
    status: 502,
    de: 'Bei der Übertragung ist etwas schiefgelaufen.',
    en: 'Something goes wrong',
  },
  transfer_not_found: {
    status: 404,
    de: 'Diese Übertragung wurde nicht gefunden.',
    en: 'This transfer was not found.',
  },
  // GET customer-payouts/{id}/statement: another customer's payout answers the same (convention 3).
  payout_not_found: {
    status: 404,
    de: 'Diese Auszahlung wurde nicht gefunden.',
    en: 'This payout was not found.',
  },
  register_excerpt_not_found: {
    status: 404,
    de: 'Dieser Registerauszug wurde nicht gefunden.',
    en: 'This register excerpt was not found.',
  },
  // POST register-excerpts: the holder never held the bond, so the register holds nothing to excerpt.
  register_excerpt_not_holder: {
    status: 422,
    de: 'Sie halten keine Token dieser Anleihe und haben nie welche gehalten; ein Registerauszug ist daher nicht möglich.',
    en: 'You do not hold and have never held tokens of this bond, so there is no register excerpt to give.',
  },
  reversal_not_allowed: {
    status: 409,
    de: 'Dieser Registereintrag kann nicht storniert werden: Er ist selbst eine Stornierung, wurde bereits storniert, oder die Token sind nicht mehr beim Empfänger.',
    en: 'This register entry cannot be reversed: it is a reversal itself, it was already reversed, or its tokens are no longer with the recipient.',
  },
  // issue 16, operator whitelist of a bond (/api/v2/admin/bonds/{code}/whitelist)
  whitelist_investor_unknown: {
    status: 422,
    de: 'Unter dieser Kennung oder E-Mail-Adresse ist kein Anleger bekannt.',
    en: 'No investor is known by this id or e-mail address.',
  },
  whitelist_investor_not_approved: {
    status: 422,
    de: 'Nur freigeschaltete Anleger mit Verwahr-Wallet können auf die Whitelist (Identifizierung, Kunden- und Registrarstatus freigegeben).',
    en: 'Only approved investors with a custody wallet can be whitelisted (identification, customer and registrar status approved).',
  },
  whitelist_professional_only: {
    status: 422,
    de: 'Diese Anleihe ist nur für professionelle Anleger; der Anleger ist nicht als professioneller Anleger eingestuft.',
    en: 'This bond is for professional investors only; the investor is not classified as a professional investor.',
  },
  whitelist_investor_limit_reached: {
    status: 409,
    de: 'Die Höchstzahl von Anlegern dieser Anleihe ist erreicht (Inhaber und Whitelist zusammen).',
    en: 'This bond’s maximum number of investors is reached (holders and whitelist together).',
  },
  whitelist_investor_holds_tokens: {
    status: 409,
    de: 'Der Anleger hält Token dieser Anleihe und kann nicht von der Whitelist entfernt werden.',
    en: 'The investor holds tokens of this bond and cannot be removed from the whitelist.',
  },
  register_entry_refused: {
    status: 409,
    de: 'Dieser Eintrag passt nicht zum Register der Anleihe (Bestand, Ausgabevolumen oder Kette).',
    en: 'This entry does not fit the bond’s register (holdings, issue volume or chain).',
  },
  // The operator paused the bond's token (register_heads.paused); the registrar refuses as well.
  bond_paused: {
    status: 409,
    de: 'Übertragungen dieser Anleihe sind derzeit vom Betreiber ausgesetzt. Bitte versuchen Sie es später erneut.',
    en: 'Transfers of this bond are currently suspended by the operator. Please try again later.',
  },
  // issue 16, operator disposal restrictions (eWpG § 17 (1) Nr. 6) on a holder's position
  disposal_restriction_not_holder: {
    status: 422,
    de: 'Dieser Anleger hält keine Token dieser Anleihe; eine Verfügungsbeschränkung wird nur auf einen Bestand eingetragen.',
    en: 'This investor holds no tokens of this bond; a disposal restriction is only entered on a position.',
  },
  disposal_restriction_not_found: {
    status: 404,
    de: 'Diese Verfügungsbeschränkung wurde nicht gefunden.',
    en: 'This disposal restriction was not found.',
  },
  disposal_restriction_already_lifted: {
    status: 409,
    de: 'Diese Verfügungsbeschränkung wurde bereits aufgehoben.',
    en: 'This disposal restriction has already been lifted.',
  },
  // issue 16, retrying a mint the registrar refused
  minting_retry_not_allowed: {
    status: 409,
    de: 'Für diese Bestellung gibt es nichts erneut zu prägen: Der Registrar hat ihre letzte Prägung nicht abgelehnt, oder sie ist bereits erneut beauftragt.',
    en: 'There is nothing to retry for this order: the registrar did not refuse its latest mint, or it has already been retried.',
  },
  // issue 17: once tokens are sold, the terms investors bought on stay as they are
  bond_terms_locked: {
    status: 409,
    de: 'Token dieser Anleihe sind verkauft; Bedingungen, auf die sich Anleger verlassen (Zins, Laufzeit, Nennbetrag, Termine), können nicht mehr geändert werden.',
    en: 'Tokens of this bond have been sold; terms investors relied on (rate, term, nominal, dates) can no longer be changed.',
  },
  // issue 17, coupon runs
  bond_terms_missing: {
    status: 409,
    de: 'Für diese Anleihe sind noch keine Anleihebedingungen hinterlegt.',
    en: 'No bond terms have been saved for this bond yet.',
  },
  coupon_record_date_pending: {
    status: 409,
    de: 'Der Stichtag dieser Zinsperiode liegt noch in der Zukunft; der Zinslauf kann erst danach vorbereitet werden.',
    en: 'The record date of this coupon period is still in the future; the coupon run can only be prepared after it.',
  },
  redemption_transfers_pending: {
    status: 409,
    de: 'Es sind noch Übertragungen oder Prägungen dieser Anleihe beim Registrar offen; die Rückzahlung kann erst freigegeben werden, wenn der Registrar sie beantwortet hat.',
    en: 'Transfers or mints of this bond are still open at the registrar; the redemption can only be approved once the registrar has answered them.',
  },
  // issue 17, paying a coupon run: the SEPA credit transfer file and the bank's confirmations
  payout_file_unavailable: {
    status: 409,
    de: 'Für diesen Zinslauf gibt es keine Überweisungsdatei: Er ist nicht freigegeben oder hat keine offenen Auszahlungen.',
    en: 'There is no transfer file for this coupon run: it is not approved or has no pending payouts.',
  },
  payout_bank_details_missing: {
    status: 409,
    de: 'Einige Anleger haben keine gültige SEPA-IBAN oder keinen Kontoinhaber hinterlegt. Bitte lassen Sie die Angaben ergänzen oder markieren Sie deren Auszahlungen als fehlgeschlagen.',
    en: 'Some holders have no valid SEPA IBAN or account holder name on file. Please have them completed or mark their payouts as failed.',
  },
  payout_account_missing: {
    status: 409,
    de: 'Für diese Anleihe ist kein Auszahlungskonto (IBAN und Kontoinhaber) eingerichtet.',
    en: 'No payout account (IBAN and account holder) is set up for this bond.',
  },
  // issue 17, referral commissions: a statement settles what is accrued
  referral_commissions_none_accrued: {
    status: 409,
    de: 'Für diesen Partner sind keine offenen Provisionen aufgelaufen; es gibt nichts abzurechnen.',
    en: 'No open commissions have accrued for this partner; there is nothing to settle.',
  },
  // issue 17, bond administration
  bond_code_taken: {
    status: 409,
    de: 'Es gibt bereits ein Produkt mit diesem Code.',
    en: 'A product with this code already exists.',
  },
  bond_tokens_sold: {
    status: 409,
    de: 'Token dieser Anleihe sind verkauft; Preis und Anzahl der Token können nicht mehr geändert werden.',
    en: 'Tokens of this bond have been sold; the price and the number of tokens can no longer be changed.',
  },
  bond_not_publishable: {
    status: 409,
    de: 'Die Anleihe kann noch nicht veröffentlicht werden; es fehlen Angaben.',
    en: 'The bond cannot be published yet; information is missing.',
  },
  // Data protection (issue 19, decision 024)
  erasure_open_positions: {
    status: 409,
    de: 'Ihr Konto kann noch nicht gelöscht werden: Sie halten noch Token oder es stehen Ausschüttungen oder Zuteilungen aus. Bitte warten Sie, bis alles abgewickelt ist.',
    en: 'Your account cannot be erased yet: you still hold tokens, or payouts or allocations are outstanding. Please wait until everything is settled.',
  },
  erasure_unpaid_orders: {
    status: 409,
    de: 'Ihr Konto kann noch nicht gelöscht werden: Es gibt noch unbezahlte Bestellungen. Bitte bezahlen oder stornieren Sie sie zuerst.',
    en: 'Your account cannot be erased yet: there are unpaid orders. Please pay or cancel them first.',
  },
  erasure_request_open: {
    status: 409,
    de: 'Sie haben bereits einen Löschantrag gestellt; er wird gerade geprüft.',
    en: 'You have already requested erasure; the request is being reviewed.',
  },
  erasure_request_decided: {
    status: 409,
    de: 'Über diesen Löschantrag wurde bereits entschieden.',
    en: 'This erasure request has already been decided.',
  },
  // decision 024: an erased customer is a locked pseudonymous stub; the review decides nothing on it.
  customer_erased: {
    status: 409,
    de: 'Die Daten dieses Kunden wurden auf seinen Antrag gelöscht (Art. 17 DSGVO); über ihn wird nicht mehr entschieden.',
    en: "This customer's data was erased at their request (GDPR Art. 17); no more decisions are taken on them.",
  },
  data_export_pending: {
    status: 409,
    de: 'Ihre Datenauskunft wird gerade erstellt. Bitte warten Sie, bis sie fertig ist.',
    en: 'Your data export is being prepared. Please wait until it is ready.',
  },
  data_export_not_ready: {
    status: 409,
    de: 'Diese Datenauskunft ist nicht (mehr) zum Herunterladen bereit.',
    en: 'This data export is not (or no longer) ready for download.',
  },
} as const satisfies Record<string, Sentence & { status: number }>;

/** A machine code the API answers (problem+json `code`). */
export type ErrorCode = keyof typeof errorCatalogue;

/**
 * Codes only the web app produces: the API never answers them, so they have no HTTP status.
 * spec 8: "Fetch failure" and "Anything else".
 */
export const clientErrorCatalogue = {
  fetch_failed: {
    de: 'Beim Abrufen der Daten ist ein Fehler aufgetreten.',
    en: 'There was an error while fetching the data',
  },
  unexpected: { de: 'Es ist ein unerwarteter Fehler aufgetreten.', en: 'There was an unexpected error' },
} as const satisfies Record<string, Sentence>;

export type ClientErrorCode = keyof typeof clientErrorCatalogue;

/** Whether a code from the wire is one of the catalogue's API codes. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}

/** The HTTP status the API answers a code with. */
export function errorStatus(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

/** The sentence for an API or client code in the reader's language. */
export function errorMessage(code: ErrorCode | ClientErrorCode, locale: Locale): string {
  const entry: Sentence = Object.hasOwn(errorCatalogue, code)
    ? errorCatalogue[code as ErrorCode]
    : clientErrorCatalogue[code as ClientErrorCode];
  return entry[locale];
}

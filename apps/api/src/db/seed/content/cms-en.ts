import { CHANNEL as C, REGISTRAR, LIABILITY_UMBRELLA as U } from './channel.ts';
import type { CmsBlockCode, CmsBlockText, CmsPageCode, CmsPageText } from './cms-text.ts';

const address = `${C.companyName}<br>${C.companyStreet}<br>${C.companyPostcode} ${C.companyCity}<br>Germany`;
const mail = (a: string) => `<a href="mailto:${a}">${a}</a>`;
const binding =
  '<p><em>This English translation is provided for convenience. Only the German version is legally binding.</em></p>';
const registerNumber = C.companyRegistry.slice(C.companyRegistry.indexOf('HRB'));

/** English CMS pages: translations of the German legal texts. */
export const cmsPagesEn: Record<CmsPageCode, CmsPageText> = {
  imprint: {
    name: 'Imprint',
    slug: 'imprint',
    title: 'Imprint',
    metaDescription: `Provider identification of ${C.companyName} under section 5 DDG.`,
    content: `${binding}
<h2>Information pursuant to section 5 of the German Digital Services Act (DDG)</h2>
<p>${address}</p>
<h2>Represented by</h2>
<p>Managing directors: ${C.managingDirectors}</p>
<h2>Contact</h2>
<p>Phone: ${C.contactPhoneNumber}<br>E-mail: ${mail(C.contactEmail)}</p>
<h2>Commercial register</h2>
<p>Registered in the commercial register<br>Register court: Local Court (Amtsgericht) Charlottenburg, Berlin<br>Register number: ${registerNumber}</p>
<h2>VAT identification number</h2>
<p>VAT identification number pursuant to section 27a of the German VAT Act: ${C.companyVatNumber}</p>
<h2>Regulatory information</h2>
<p>When brokering bonds, ${C.companyName} acts as a tied agent within the meaning of section 3 (2) of the German Investment Firm Act (WpIG) exclusively for the account and under the liability of ${U.name}, ${U.address} (${U.registry}). ${C.companyName} is entered in the public register of tied agents kept by the Federal Financial Supervisory Authority.</p>
<p>${U.name} is an investment firm authorised under section 15 WpIG. Competent supervisory authority: Federal Financial Supervisory Authority (BaFin), Graurheindorfer Straße 108, 53117 Bonn, and Marie-Curie-Straße 24–28, 60439 Frankfurt am Main, Germany, <a href="https://www.bafin.de">www.bafin.de</a>.</p>
<h2>Responsible for content under section 18 (2) MStV</h2>
<p>Dr. Miriam Falk, ${C.companyStreet}, ${C.companyPostcode} ${C.companyCity}</p>
<h2>Consumer dispute resolution</h2>
<p>We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board (section 36 of the German Consumer Dispute Resolution Act). Please send complaints to ${mail('beschwerde@tokenwerk.example')}.</p>
<h2>Liability for content and links</h2>
<p>The content of this platform has been prepared with great care. Information on bonds is based on the documents of the respective issuer; only the securities information sheet and the bond terms are authoritative. The operators of linked third-party pages are solely responsible for their content. We remove links without delay once we become aware of any infringement.</p>
<h2>Copyright and image credits</h2>
<p>The texts and design of this platform are protected by copyright. The bond pictures are illustrations by ${C.companyName}; the works shown as digital collectibles are by the creators named, who retain their rights.</p>`,
  },
  'privacy-policy': {
    name: 'Privacy policy',
    slug: 'privacy-policy',
    title: 'Privacy policy',
    metaDescription: 'Information under Articles 13 and 14 GDPR on how we process your personal data.',
    content: `${binding}
<p>This privacy policy informs you under Articles 13 and 14 of the General Data Protection Regulation (GDPR) which personal data we process when you use our platform, for which purposes and on which legal basis.</p>
<h2>1. Controller</h2>
<p>${address}<br>E-mail: ${mail(C.contactEmail)}<br>Phone: ${C.contactPhoneNumber}</p>
<h2>2. Data protection officer</h2>
<p>You can reach our data protection officer at ${mail('datenschutz@tokenwerk.example')} or at our postal address marked “for the attention of the data protection officer”.</p>
<h2>3. Visiting the platform and server logs</h2>
<p>When you visit the platform we process your IP address, date and time, the address requested, the status code and browser and operating system information in order to deliver the platform, keep it secure and fend off attacks. The legal basis is Art. 6 (1) (f) GDPR; our legitimate interest is secure operation. Logs are deleted after seven days unless needed to investigate a security incident.</p>
<h2>4. Storage on your device</h2>
<p>We use no cookies or similar techniques for advertising or analytics. In your browser’s local storage we keep only what the service you request strictly needs (login session, chosen language). The legal basis is section 25 (2) no. 2 TDDDG in conjunction with Art. 6 (1) (b) GDPR.</p>
<h2>5. Registration and customer account</h2>
<p>To open a customer account we process your name, e-mail address, password (only as a cryptographic hash), account type and your consents. Later we add your address, date and place of birth, nationality, tax and bank details. The legal basis is Art. 6 (1) (b) GDPR.</p>
<h2>6. Identification and anti-money-laundering checks</h2>
<p>Before your first subscription, sections 10 to 12 of the German Anti-Money Laundering Act (GwG) oblige us to identify you, establish beneficial owners and check whether you are a politically exposed person. A specialised identification provider carries out the identification and processes your identity document data, a photograph and, where applicable, a video recording. The legal basis is Art. 6 (1) (c) GDPR in conjunction with the GwG.</p>
<h2>7. Appropriateness test</h2>
<p>Under section 63 (10) of the German Securities Trading Act (WpHG) we ask about your knowledge and experience of bonds and crypto securities and evaluate your answers by fixed rules. The result may be a warning; the decision to subscribe remains yours. There is no solely automated decision within the meaning of Art. 22 GDPR. The legal basis is Art. 6 (1) (c) GDPR.</p>
<h2>8. Subscription, payment and crypto securities register</h2>
<p>To process a subscription we pass the necessary data to the issuer, to ${U.name} as the liable investment firm and to the registrar (${REGISTRAR}), which enters you as holder under the German Electronic Securities Act (eWpG). For card payments our payment service provider processes your card data; we never receive full card numbers. The legal bases are Art. 6 (1) (b) and (c) GDPR.</p>
<h2>9. Custody of tokens</h2>
<p>A crypto custodian opens a custody account (wallet) for your tokens. For this we pass on your name, customer number and the results of your identification. The legal basis is Art. 6 (1) (b) GDPR.</p>
<h2>10. Contact form and e-mail</h2>
<p>When you write to us we process your name, e-mail address and message to handle your request (Art. 6 (1) (b) GDPR for contract-related requests, otherwise (f)). The data are deleted once your request has been dealt with and no retention obligations apply.</p>
<h2>11. Newsletter and referral programme</h2>
<p>We send the newsletter only with your consent (Art. 6 (1) (a) GDPR), which you may withdraw at any time with effect for the future. If you use your personal referral link, we record which customers registered through it in order to settle commissions (Art. 6 (1) (b) GDPR).</p>
<h2>12. Recipients and processors</h2>
<p>We use carefully selected providers for hosting, e-mail delivery and customer service as processors under Art. 28 GDPR. We disclose data to public bodies such as the Financial Intelligence Unit, BaFin or tax authorities only where the law obliges us to.</p>
<h2>13. Transfers to third countries</h2>
<p>We process your data in data centres within the European Union. Should a provider process data in a third country, it does so only on the basis of an adequacy decision of the European Commission or of standard contractual clauses under Art. 46 (2) (c) GDPR.</p>
<h2>14. Storage period</h2>
<p>We keep personal data as long as the purposes above require. Statutory retention periods then apply: five years after the end of the business relationship for identification data (section 8 (4) GwG), five years for records of investment services (section 83 (8) WpHG), up to ten years for accounting records and annual accounts, eight years for accounting vouchers and six years for business letters (section 257 HGB, section 147 AO).</p>
<h2>15. Your rights</h2>
<p>You have the right of access (Art. 15 GDPR), rectification (Art. 16), erasure (Art. 17), restriction of processing (Art. 18) and data portability (Art. 20). You may withdraw any consent at any time (Art. 7 (3)).</p>
<p><strong>Right to object:</strong> where we process data on the basis of Art. 6 (1) (f) GDPR, you may object at any time on grounds relating to your particular situation (Art. 21 GDPR).</p>
<p>You may lodge a complaint with a data protection supervisory authority (Art. 77 GDPR). The authority competent for us is the Berlin Commissioner for Data Protection and Freedom of Information, Alt-Moabit 59–61, 10555 Berlin.</p>
<h2>16. Obligation to provide data</h2>
<p>The data for registration, identification and the appropriateness test are required to conclude a contract or by law. Without them we cannot broker a subscription for you.</p>
<p>Last updated: January 2026</p>`,
  },
  'terms-and-conditions': {
    name: 'Terms and conditions',
    slug: 'terms-and-conditions',
    title: 'General terms and conditions',
    metaDescription: `General terms and conditions of ${C.companyName} for the use of the ${C.name} platform.`,
    content: `${binding}
<h2>§ 1 Scope</h2>
<p>(1) These general terms and conditions (terms) apply to the use of the “${C.name}” platform of ${C.companyName}, ${C.companyStreet}, ${C.companyPostcode} ${C.companyCity} (“${C.name}”, “we”), by registered customers (“you”).</p>
<p>(2) The subscription of individual bonds is additionally governed by the issuer’s bond terms and securities information sheet. Conflicting terms of customers do not apply.</p>
<h2>§ 2 Services</h2>
<p>(1) As a tied agent acting for the account and under the liability of ${U.name}, ${C.name} brokers bonds issued as crypto securities under the German Electronic Securities Act (eWpG). ${C.name} provides neither investment advice nor portfolio management; you decide on your investments yourself.</p>
<p>(2) Your contractual partner for a bond is solely its issuer. ${C.name} does not owe the performance of the issuer’s payment obligations.</p>
<p>(3) ${C.name} also operates a marketplace for digital collectibles by creators. Digital collectibles are not financial instruments.</p>
<h2>§ 3 Registration and customer account</h2>
<p>(1) Adults with full legal capacity, legal entities and partnerships established in the European Union may register. Each person may hold only one customer account.</p>
<p>(2) Your details must be complete and true; tell us about changes without delay. Keep your login details secret. Two-factor authentication must be enabled for token transactions.</p>
<h2>§ 4 Identification and self-disclosure</h2>
<p>(1) Before your first subscription you must identify yourself under the Anti-Money Laundering Act, provide information on beneficial owners and on politically exposed person status and complete a questionnaire on your knowledge and experience (section 63 (10) WpHG).</p>
<p>(2) If the appropriateness test shows that a bond is not appropriate for you, or if you give no answers, we warn you. You may subscribe despite the warning; the warning and your decision are recorded.</p>
<h2>§ 5 Subscribing to bonds</h2>
<p>(1) The presentation of a bond on the platform is not a binding offer. By completing the order process, after taking note of the securities information sheet and the bond terms, you make an offer to subscribe. The contract is concluded when the issuer accepts, which we confirm to you by e-mail.</p>
<p>(2) Subscriptions are made in steps of 1,000 tokens with a nominal amount of €1.00 each. Non-qualified investors are subject to the maximum amounts of section 6 of the German Securities Prospectus Act; some bonds are open to professional clients only or limited to a maximum number of investors.</p>
<p>(3) Once payment has been received, ${C.name} arranges for the tokens to be entered in your name in the crypto securities register. You receive a register excerpt in text form for every entry (section 19 eWpG).</p>
<h2>§ 6 Payment</h2>
<p>(1) When paying by bank transfer, transfer the subscription amount within 14 days to the escrow account stated, quoting the order number. If payment is not received in time, the subscription may be cancelled.</p>
<p>(2) Card payments are possible up to the maximum amount stated for the bond per order and are processed by a payment service provider.</p>
<h2>§ 7 Custody and transfer</h2>
<p>(1) Your tokens are held by an appointed crypto custodian in a custody account kept for you. You dispose of your tokens exclusively through your customer account.</p>
<p>(2) Transfers to other customers are only possible if they are identified and whitelisted for the bond concerned, and must be confirmed with a two-factor code.</p>
<h2>§ 8 Digital collectibles</h2>
<p>(1) When you buy a digital collectible you acquire a token representing a numbered digital edition of the work together with a simple, non-transferable right to display the work for private purposes. Copyright and exploitation rights remain with the creator unless the description says otherwise.</p>
<p>(2) Prices of digital collectibles include statutory VAT of 19%. On resales through the marketplace the creator receives the royalty stated.</p>
<h2>§ 9 Fees</h2>
<p>We charge investors no fees for registration, account management or custody. The remuneration ${C.name} receives from issuers is stated in each securities information sheet.</p>
<h2>§ 10 Right of withdrawal</h2>
<p>Consumers have a right of withdrawal in accordance with the statutory provisions. Details are set out in the withdrawal notice we provide before each order is completed. For digital content the right of withdrawal expires once we have begun performance after you have expressly agreed and acknowledged that you lose your right (section 356 (5) BGB).</p>
<h2>§ 11 Liability</h2>
<p>(1) We are liable without limitation for intent and gross negligence, for injury to life, body or health and under the Product Liability Act.</p>
<p>(2) For slightly negligent breaches of essential contractual obligations our liability is limited to the typical, foreseeable damage; liability for slight negligence is otherwise excluded.</p>
<p>(3) We are not liable for the economic performance of an issuer or for the value of the bonds.</p>
<h2>§ 12 Term and termination</h2>
<p>You may close your customer account at any time; we may do so with four weeks’ notice. The right to terminate without notice for good cause remains unaffected, in particular for false information or suspected money laundering. Rights under bonds already subscribed are not affected by termination.</p>
<h2>§ 13 Changes to these terms</h2>
<p>We notify you of changes in text form at least six weeks before they take effect. You may object until they take effect; we point out this consequence in the notice.</p>
<h2>§ 14 Final provisions</h2>
<p>(1) The law of the Federal Republic of Germany applies, excluding the UN Convention on Contracts for the International Sale of Goods. For consumers this choice of law applies only insofar as mandatory provisions of the state of their habitual residence do not conflict.</p>
<p>(2) The place of jurisdiction for merchants and legal entities under public law is Berlin.</p>
<p>(3) Should any provision of these terms be invalid, the validity of the remaining provisions is not affected.</p>
<p>Last updated: January 2026</p>`,
  },
  'data-protection': {
    name: 'Data protection',
    slug: 'data-protection',
    title: 'Data protection notes on security, blockchain and your settings',
    metaDescription:
      'How we protect your data, what is stored on the blockchain and how to exercise your rights.',
    content: `${binding}
<p>In addition to our privacy policy, this page explains how we protect your data technically, which information is visible on a public blockchain and how you manage your privacy settings.</p>
<h2>Technical and organisational measures</h2>
<ul>
<li>All connections to the platform are encrypted with TLS.</li>
<li>We store passwords only as Argon2id hashes; nobody at ${C.name} can read your password.</li>
<li>Token transfers and security-relevant changes require two-factor authentication.</li>
<li>Custody account keys and two-factor secrets are stored encrypted.</li>
<li>Staff access is limited to what each task requires and is logged.</li>
</ul>
<h2>Data on the blockchain</h2>
<p>The crypto securities register is kept on the public Polygon blockchain. Wallet addresses, token holdings and transfers are visible there to anyone. Your name, address and other identification data are <strong>not</strong> stored on the blockchain, only at the registrar and with us.</p>
<p>Entries on a blockchain cannot technically be deleted or changed. Once your customer account has been deleted, a wallet address can no longer be linked to a person without the mapping data we have deleted.</p>
<h2>Browser storage</h2>
<p>We use no tracking or advertising cookies. Your browser’s local storage holds only your login session and chosen language. Session data are removed when you log out.</p>
<h2>Your settings</h2>
<p>You can change marketing consents and notifications in your customer account at any time. You can also unsubscribe from the newsletter with the link in every issue.</p>
<h2>Access and erasure</h2>
<p>Send requests for access, rectification or erasure to ${mail('datenschutz@tokenwerk.example')}. We reply within one month. Data we must still keep under statutory retention obligations (for example under the Anti-Money Laundering Act or the Securities Trading Act) are blocked until the period ends.</p>
<h2>Security incidents</h2>
<p>If you discover a vulnerability or suspect that someone is accessing your account, please contact ${mail('sicherheit@tokenwerk.example')} immediately. We will never ask for your password or two-factor code by e-mail or phone.</p>`,
  },
  'legal-indications': {
    name: 'Legal notices',
    slug: 'legal-indications',
    title: 'Legal notices and risk warnings',
    metaDescription: 'Key risks of tokenised bonds and legal notes on using the platform.',
    content: `${binding}
<h2>No investment advice</h2>
<p>The information on this platform is for information only and is neither investment advice nor a recommendation to buy securities. It does not replace individual advice that takes your personal circumstances into account. Investment decisions should be based solely on the securities information sheet and the bond terms of the bond concerned.</p>
<h2>Key risks</h2>
<p><strong>Buying bonds involves considerable risks and can lead to the total loss of the capital invested.</strong></p>
<ul>
<li><strong>Issuer risk and total loss:</strong> interest and repayment depend solely on the issuer’s economic performance. If it becomes insolvent you may lose all the capital you invested.</li>
<li><strong>No deposit protection:</strong> bonds are covered neither by statutory deposit guarantee schemes nor by any other protection scheme.</li>
<li><strong>Subordination:</strong> where a bond is subordinated, its claims are only served in insolvency after all non-subordinated creditors.</li>
<li><strong>Limited tradability:</strong> the tokens are not traded on an exchange. Selling before maturity may be impossible or only possible at a discount. Plan to keep your capital invested until maturity.</li>
<li><strong>Interest-rate risk:</strong> if market interest rates rise, the value of a fixed-rate bond may fall.</li>
<li><strong>Concentration risk:</strong> invest only part of your assets in individual bonds and diversify. As a rule of thumb, no more than 10% of your freely available assets should go into such investments.</li>
<li><strong>Technical risks:</strong> crypto securities are kept in a register on a blockchain. Blockchain disruptions, smart-contract errors, attacks or lost login details may prevent you from disposing of your tokens temporarily or permanently.</li>
<li><strong>Legal and tax risks:</strong> changes in law, supervisory practice or tax law may adversely affect bonds and their returns.</li>
<li><strong>Borrowed money:</strong> if you finance an investment with loans, you must pay interest and repayments even if the bond defaults. We advise against it.</li>
</ul>
<p>Past performance and forecasts are not a reliable indicator of future results.</p>
<h2>Securities information sheet</h2>
<p>The bonds are offered without a prospectus approved by the Federal Financial Supervisory Authority (BaFin). A securities information sheet under section 4 WpPG is available for download for each bond. The accuracy of the securities information sheet is not reviewed by BaFin.</p>
<h2>Digital collectibles</h2>
<p>Digital collectibles are neither financial instruments nor an investment. Their value can fluctuate strongly or disappear entirely; there is no right to have them bought back.</p>
<h2>Selling restrictions</h2>
<p>The offers on this platform are addressed exclusively to persons resident or established in the Federal Republic of Germany. In particular they are not addressed to US persons within the meaning of Regulation S under the US Securities Act of 1933.</p>
<h2>Taxes</h2>
<p>In Germany interest income is generally subject to the flat-rate withholding tax plus solidarity surcharge and, where applicable, church tax. The tax treatment depends on your personal circumstances; if in doubt, consult a tax adviser.</p>
<h2>Conflicts of interest</h2>
<p>${C.name} receives brokerage commissions and ongoing platform fees from issuers. The amounts are stated in each securities information sheet. We provide detailed information on how we manage conflicts of interest on request.</p>`,
  },
  contact: {
    name: 'Contact',
    slug: 'contact',
    title: 'Contact',
    metaDescription: `How to reach the ${C.name} team.`,
    content: `<p>Do you have questions about a bond, your customer account or identification? We are happy to help.</p>
<h2>Address</h2>
<p>${address}</p>
<h2>Phone and e-mail</h2>
<p>Phone: ${C.contactPhoneNumber} (Monday to Friday, 9 am to 5 pm CET)<br>E-mail: ${mail(C.contactEmail)}</p>
<p>The contact form on this page sends your message straight to our service team. We usually reply within two working days.</p>
<h2>Whitelisting for limited offers</h2>
<p>Some bonds are open to a limited number of investors only (for example at most 149). To be whitelisted, please send us an e-mail with the name of the bond in the subject line.</p>
<h2>Exclusive offers</h2>
<p>Exclusive bonds cannot be subscribed directly. If you are interested, send us a message and we will get back to you with the documents.</p>
<h2>Complaints</h2>
<p>Please send complaints to ${mail('beschwerde@tokenwerk.example')} or by post to the address above. We confirm receipt within five working days.</p>
<p><strong>Never send us passwords, two-factor codes or full card details.</strong> We cannot give investment advice by e-mail or phone.</p>`,
  },
};

/** English CMS blocks of the home page and footer. */
export const cmsBlocksEn: Record<CmsBlockCode, CmsBlockText> = {
  'home-welcome': {
    name: 'Welcome',
    content: `<h2>Welcome to ${C.name}</h2>
<p>Invest from €1,000 in bonds from renewable energy, real estate and small and medium-sized businesses – subscribed digitally, entered in the register as crypto securities and held in safe custody. And discover digital collectibles by artists from all over Germany.</p>`,
  },
  'home-how-to-start': {
    name: 'How to start',
    content: `<ol>
<li><h3>Open an account</h3><p>Register with your e-mail address and confirm the link we send you.</p></li>
<li><h3>Identify yourself and get a wallet</h3><p>Verify your identity online once and answer a few questions about your investment experience. We then set up your custody account (wallet).</p></li>
<li><h3>Subscribe to a bond</h3><p>Choose a bond, read the securities information sheet and the bond terms, and pay by bank transfer or card. Your tokens then appear in your portfolio.</p></li>
</ol>`,
  },
  'footer-partners': {
    name: 'Partners',
    content: `<p>Powered by</p>
<ul>
<li>${U.name} – liability umbrella</li>
<li>Spreebogen Registerdienste GmbH – crypto securities register</li>
<li>Polygon – blockchain</li>
</ul>`,
  },
};

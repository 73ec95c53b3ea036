import type { ArtworkSpec } from '../media/artwork.ts';

export type InterestPayment = 'annual' | 'semi_annual' | 'quarterly';

export type Localised<T = string> = { de: T; en: T };

export type Issuer = {
  name: string;
  street: string;
  postcode: string;
  city: string;
  registry: string;
  managingDirector: string;
};

/** One demo bond: its figures, texts and shop settings (docs/demo-data.md, "Bonds"). */
export type BondSeed = {
  code: string;
  taxon: 'bonds_energy' | 'bonds_real_estate' | 'bonds_sme';
  wkn: string;
  /** Percent per year as written in the attribute, e.g. "5.50". */
  couponRate: string;
  interestPayment: InterestPayment;
  /** Start of the interest period (ISO date); maturity is the day before start + termMonths. */
  interestStart: string;
  termMonths: number;
  /** Issue volume in cents; nominal 100 cents per token, so the volume is also the token supply x 100. */
  issueVolumeCents: number;
  issuer: Issuer;
  moreInformationUrl: string;
  name: Localised;
  slug: Localised;
  shortDescription: Localised;
  description: Localised;
  /** What the issuer does with the money (German, for the information sheet). */
  useOfProceeds: string;
  /** Specific risk of the project (German, for the information sheet). */
  projectRisk: string;
  variant: { totalSupply: number; onHand: number; onHold: number } | null;
  allowToBuy?: boolean;
  whitelisting?: boolean;
  investorLimit?: number;
  professionalOnly?: boolean;
  minimumSubscriptionCents?: number;
  maximumOrderCentsNonProfessional?: number;
  image: ArtworkSpec & { fileName: string };
};

/** The Tokenwerk bonds in creation order (createdAt one minute apart from 2026-01-05T09:00:00Z). */
export const bondSeeds: readonly BondSeed[] = [
  {
    code: 'SOLAR_BRANDENBURG_2031',
    taxon: 'bonds_energy',
    wkn: 'A4E7S1',
    couponRate: '5.50',
    interestPayment: 'annual',
    interestStart: '2026-04-01',
    termMonths: 60,
    issueVolumeCents: 500_000_000,
    issuer: {
      name: 'Sonnenfeld Brandenburg Energie GmbH',
      street: 'Am Stadthafen 4',
      postcode: '03046',
      city: 'Cottbus',
      registry: 'Amtsgericht Cottbus HRB 18452 CB',
      managingDirector: 'Dr. Katrin Albers',
    },
    moreInformationUrl: 'https://www.sonnenfeld-brandenburg.example/anleihe-2031',
    name: { de: 'Solarpark Brandenburg 2031', en: 'Solar Park Brandenburg 2031' },
    slug: { de: 'solarpark-brandenburg-2031', en: 'solar-park-brandenburg-2031' },
    shortDescription: {
      de: '5,50 % Solaranleihe mit jährlicher Zinszahlung und fünf Jahren Laufzeit.',
      en: '5.50% solar bond with annual interest and a five-year term.',
    },
    description: {
      de: 'Die Sonnenfeld Brandenburg Energie GmbH errichtet auf einer ehemaligen Tagebaufläche bei Cottbus einen Solarpark mit 12 Megawatt Spitzenleistung. Der erzeugte Strom wird über einen zehnjährigen Stromliefervertrag an einen regionalen Versorger verkauft.\n\nMit der Anleihe finanzieren Anlegerinnen und Anleger einen Teil der Baukosten. Die Zinsen von 5,50 % p. a. werden jährlich am 31. März gezahlt, die Rückzahlung zum Nennbetrag erfolgt am 31. März 2031. Die Anleihe wird als Kryptowertpapier nach dem eWpG begeben.',
      en: 'Sonnenfeld Brandenburg Energie GmbH is building a 12 megawatt-peak solar park on a former open-cast mining site near Cottbus. The power it generates is sold to a regional utility under a ten-year power purchase agreement.\n\nThe bond finances part of the construction costs. Interest of 5.50% p.a. is paid annually on 31 March; the bond is repaid at par on 31 March 2031. It is issued as a crypto security under the German Electronic Securities Act (eWpG).',
    },
    useOfProceeds:
      'Der Nettoemissionserlös dient der Teilfinanzierung von Bau und Netzanschluss des Solarparks Cottbus-Nord (12 MWp) einschließlich Wechselrichter, Trafostation und Umzäunung.',
    projectRisk:
      'Die Erträge hängen von der Sonneneinstrahlung, der technischen Verfügbarkeit der Anlage und der Zahlungsfähigkeit des Stromabnehmers ab. Verzögerungen beim Netzanschluss können die Einnahmen mindern.',
    variant: { totalSupply: 5_000_000, onHand: 5_000_000, onHold: 1_250_000 },
    image: {
      motif: 'solar',
      palette: ['#0f2a4a', '#f4a259', '#ffd166', '#3a6b35', '#1b3a5c', '#8ecae6'],
      seed: 'solar',
      fileName: 'solar-brandenburg.png',
    },
  },
  {
    code: 'WIND_NORDSEE_2030',
    taxon: 'bonds_energy',
    wkn: 'A4E7W2',
    couponRate: '6.00',
    interestPayment: 'semi_annual',
    interestStart: '2026-07-01',
    termMonths: 48,
    issueVolumeCents: 300_000_000,
    issuer: {
      name: 'Nordsee Windkraft Beteiligungs GmbH',
      street: 'Großstraße 21',
      postcode: '25813',
      city: 'Husum',
      registry: 'Amtsgericht Flensburg HRB 14873 FL',
      managingDirector: 'Hauke Petersen',
    },
    moreInformationUrl: 'https://www.nordsee-windkraft.example/anleihe-2030',
    name: { de: 'Windpark Nordsee 2030', en: 'North Sea Wind Farm 2030' },
    slug: { de: 'windpark-nordsee-2030', en: 'north-sea-wind-farm-2030' },
    shortDescription: {
      de: '6,00 % Windanleihe, halbjährliche Zinsen, begrenzt auf 149 Anlegerinnen und Anleger.',
      en: '6.00% wind bond, semi-annual interest, limited to 149 investors.',
    },
    description: {
      de: 'Die Nordsee Windkraft Beteiligungs GmbH modernisiert drei küstennahe Windenergieanlagen bei Husum (Repowering). Die neuen Anlagen erzeugen bei gleicher Fläche rund das Dreifache des bisherigen Ertrags.\n\nDas Angebot richtet sich an höchstens 149 Anlegerinnen und Anleger. Wer zeichnen möchte, beantragt vorab per E-Mail die Freischaltung (Whitelisting). Die Zinsen von 6,00 % p. a. werden halbjährlich gezahlt.',
      en: 'Nordsee Windkraft Beteiligungs GmbH is repowering three near-shore wind turbines near Husum. On the same land the new turbines produce about three times the previous yield.\n\nThe offer is open to at most 149 investors. To subscribe, request whitelisting by e-mail first. Interest of 6.00% p.a. is paid semi-annually.',
    },
    useOfProceeds:
      'Der Nettoemissionserlös dient dem Rückbau von drei Altanlagen und der Errichtung von drei Windenergieanlagen mit je 4,2 MW Nennleistung im Windpark Husum-Dreimühlen.',
    projectRisk:
      'Die Erträge hängen vom Windaufkommen, von Abregelungen durch den Netzbetreiber und von der Marktprämie nach dem EEG ab. Schäden an den Anlagen können zu längeren Stillständen führen.',
    variant: { totalSupply: 3_000_000, onHand: 3_000_000, onHold: 400_000 },
    whitelisting: true,
    investorLimit: 149,
    image: {
      motif: 'wind',
      palette: ['#12355b', '#7fb7be', '#ffe8a3', '#f1f5f9', '#1f4e79', '#0b2545'],
      seed: 'wind',
      fileName: 'wind-nordsee.png',
    },
  },
  {
    code: 'WOHNEN_LEIPZIG_2029',
    taxon: 'bonds_real_estate',
    wkn: 'A4E7L3',
    couponRate: '4.75',
    interestPayment: 'quarterly',
    interestStart: '2026-01-01',
    termMonths: 45,
    issueVolumeCents: 200_000_000,
    issuer: {
      name: 'Leipziger Wohnbau Projekt GmbH',
      street: 'Karl-Liebknecht-Straße 112',
      postcode: '04275',
      city: 'Leipzig',
      registry: 'Amtsgericht Leipzig HRB 41207',
      managingDirector: 'Sabine Krause',
    },
    moreInformationUrl: 'https://www.leipziger-wohnbau.example/anleihe-2029',
    name: { de: 'Wohnen in Leipzig 2029', en: 'Living in Leipzig 2029' },
    slug: { de: 'wohnen-in-leipzig-2029', en: 'living-in-leipzig-2029' },
    shortDescription: {
      de: '4,75 % Immobilienanleihe mit vierteljährlicher Zinszahlung – vollständig gezeichnet.',
      en: '4.75% real-estate bond with quarterly interest – fully subscribed.',
    },
    description: {
      de: 'Die Leipziger Wohnbau Projekt GmbH saniert ein denkmalgeschütztes Gründerzeit-Ensemble in Leipzig-Connewitz mit 38 Mietwohnungen und energetischer Modernisierung auf KfW-Effizienzhaus-Standard.\n\nDie Anleihe ist vollständig gezeichnet. Die Zinsen von 4,75 % p. a. werden vierteljährlich gezahlt; die Rückzahlung erfolgt am 30. September 2029.',
      en: 'Leipziger Wohnbau Projekt GmbH is refurbishing a listed late-19th-century ensemble in Leipzig-Connewitz with 38 rental flats and an energy upgrade to KfW efficiency-house standard.\n\nThe bond is fully subscribed. Interest of 4.75% p.a. is paid quarterly; it is repaid on 30 September 2029.',
    },
    useOfProceeds:
      'Der Nettoemissionserlös dient der Zwischenfinanzierung der Sanierungskosten des Objekts Bornaische Straße 41–45 in Leipzig bis zur Anschlussfinanzierung durch eine Bank.',
    projectRisk:
      'Baukostensteigerungen, Verzögerungen bei Genehmigungen und ein Ausbleiben der Anschlussfinanzierung können die Rückzahlung gefährden. Mieteinnahmen können hinter der Planung zurückbleiben.',
    variant: { totalSupply: 2_000_000, onHand: 2_000_000, onHold: 2_000_000 },
    image: {
      motif: 'city',
      palette: ['#2b2d42', '#ef8354', '#ffd6a5', '#4f5d75', '#ffe066', '#bfc0c0'],
      seed: 'leipzig',
      fileName: 'wohnen-leipzig.png',
    },
  },
  {
    code: 'MITTELSTAND_KREDIT_2028',
    taxon: 'bonds_sme',
    wkn: 'A4E7M4',
    couponRate: '7.25',
    interestPayment: 'annual',
    interestStart: '2026-01-01',
    termMonths: 36,
    issueVolumeCents: 800_000_000,
    issuer: {
      name: 'Mittelstandskredit Rhein-Main GmbH',
      street: 'Mainzer Landstraße 50',
      postcode: '60325',
      city: 'Frankfurt am Main',
      registry: 'Amtsgericht Frankfurt am Main HRB 128734',
      managingDirector: 'Markus Reinhardt',
    },
    moreInformationUrl: 'https://www.mittelstandskredit-rheinmain.example/anleihe-2028',
    name: { de: 'Mittelstandskredit Rhein-Main 2028', en: 'SME Credit Rhine-Main 2028' },
    slug: { de: 'mittelstandskredit-rhein-main-2028', en: 'sme-credit-rhine-main-2028' },
    shortDescription: {
      de: '7,25 % Kreditanleihe nur für professionelle Anlegerinnen und Anleger, Mindestzeichnung 200.000 €.',
      en: '7.25% credit bond for professional investors only, minimum subscription €200,000.',
    },
    description: {
      de: 'Die Mittelstandskredit Rhein-Main GmbH vergibt besicherte Betriebsmittelkredite an etablierte mittelständische Unternehmen aus Hessen und Rheinland-Pfalz. Die Anleihe finanziert ein Kreditportfolio mit mindestens 25 Darlehensnehmern.\n\nDas Angebot richtet sich ausschließlich an professionelle Kunden im Sinne von § 67 Abs. 2 WpHG. Die Mindestzeichnung beträgt 200.000 €.',
      en: 'Mittelstandskredit Rhein-Main GmbH grants secured working-capital loans to established small and medium-sized companies in Hesse and Rhineland-Palatinate. The bond finances a loan portfolio with at least 25 borrowers.\n\nThe offer is for professional clients within the meaning of section 67 (2) WpHG only. The minimum subscription is €200,000.',
    },
    useOfProceeds:
      'Der Nettoemissionserlös dient der Vergabe von Betriebsmittel- und Investitionskrediten mit Laufzeiten bis zu 30 Monaten an mittelständische Unternehmen.',
    projectRisk:
      'Fallen mehrere Darlehensnehmer gleichzeitig aus, kann die Emittentin ihre Zahlungspflichten nicht erfüllen. Sicherheiten können bei einer Verwertung weniger erlösen als erwartet.',
    variant: { totalSupply: 8_000_000, onHand: 8_000_000, onHold: 0 },
    professionalOnly: true,
    minimumSubscriptionCents: 20_000_000,
    image: {
      motif: 'chart',
      palette: ['#0d1b2a', '#1b263b', '#778da9', '#415a77', '#e0e1dd', '#f4d35e'],
      seed: 'mittelstand',
      fileName: 'mittelstand-kredit.png',
    },
  },
  {
    code: 'HOTEL_MUENCHEN_2032',
    taxon: 'bonds_real_estate',
    wkn: 'A4E7H5',
    couponRate: '5.25',
    interestPayment: 'annual',
    interestStart: '2026-07-01',
    termMonths: 72,
    issueVolumeCents: 400_000_000,
    issuer: {
      name: 'Isarblick Hotelentwicklung GmbH',
      street: 'Rosenheimer Straße 145',
      postcode: '81671',
      city: 'München',
      registry: 'Amtsgericht München HRB 287654',
      managingDirector: 'Florian Huber',
    },
    moreInformationUrl: 'https://www.isarblick-hotel.example/anleihe-2032',
    name: { de: 'Hotel Isarblick München 2032', en: 'Hotel Isarblick Munich 2032' },
    slug: { de: 'hotel-isarblick-muenchen-2032', en: 'hotel-isarblick-munich-2032' },
    shortDescription: {
      de: 'Exklusive 5,25 % Hotelanleihe – Zeichnung nur auf Anfrage.',
      en: 'Exclusive 5.25% hotel bond – subscription on request only.',
    },
    description: {
      de: 'Die Isarblick Hotelentwicklung GmbH baut ein ehemaliges Bürogebäude in München-Haidhausen zu einem Vier-Sterne-Hotel mit 164 Zimmern um. Ein Pachtvertrag mit einer Hotelgruppe über 20 Jahre ist unterzeichnet.\n\nDiese Anleihe wird exklusiv angeboten: Sie kann nicht direkt gekauft werden. Bitte nehmen Sie Kontakt mit uns auf, wenn Sie Interesse haben.',
      en: 'Isarblick Hotelentwicklung GmbH is converting a former office building in Munich-Haidhausen into a four-star hotel with 164 rooms. A 20-year lease with a hotel group has been signed.\n\nThis bond is offered exclusively: it cannot be bought directly. Please contact us if you are interested.',
    },
    useOfProceeds:
      'Der Nettoemissionserlös dient der Finanzierung des Umbaus und der Erstausstattung des Hotels an der Rosenheimer Straße in München.',
    projectRisk:
      'Die Pachtzahlungen hängen von der wirtschaftlichen Lage des Hotelbetreibers und der Entwicklung des Tourismus in München ab. Bauverzögerungen verschieben den Beginn der Pachtzahlungen.',
    variant: { totalSupply: 4_000_000, onHand: 4_000_000, onHold: 0 },
    allowToBuy: false,
    image: {
      motif: 'alps-hotel',
      palette: ['#264653', '#e9c46a', '#fff3b0', '#6b9080', '#1d3557', '#e76f51'],
      seed: 'muenchen',
      fileName: 'hotel-muenchen.png',
    },
  },
  {
    code: 'BIOGAS_BAYERN_2030',
    taxon: 'bonds_energy',
    wkn: 'A4E7B6',
    couponRate: '4.50',
    interestPayment: 'semi_annual',
    interestStart: '2026-04-01',
    termMonths: 54,
    issueVolumeCents: 150_000_000,
    issuer: {
      name: 'Biogas Niederbayern GmbH',
      street: 'Ludwigsplatz 7',
      postcode: '94032',
      city: 'Passau',
      registry: 'Amtsgericht Passau HRB 11876',
      managingDirector: 'Josef Brandl',
    },
    moreInformationUrl: 'https://www.biogas-niederbayern.example/anleihe-2030',
    name: { de: 'Biogas Bayern 2030', en: 'Biogas Bavaria 2030' },
    slug: { de: 'biogas-bayern-2030', en: 'biogas-bavaria-2030' },
    shortDescription: {
      de: '4,50 % Biogasanleihe ab 1.000 €, halbjährliche Zinszahlung.',
      en: '4.50% biogas bond from €1,000, semi-annual interest.',
    },
    description: {
      de: 'Die Biogas Niederbayern GmbH erweitert zwei landwirtschaftliche Biogasanlagen um eine Aufbereitung zu Biomethan, das in das öffentliche Gasnetz eingespeist wird. Als Substrat dienen Gülle und Reststoffe aus der Region.\n\nDie Mindestzeichnung beträgt 1.000 €; nicht professionelle Anlegerinnen und Anleger können je Bestellung bis zu 25.000 € zeichnen.',
      en: 'Biogas Niederbayern GmbH is extending two agricultural biogas plants with an upgrading unit that feeds biomethane into the public gas grid. Feedstock is slurry and residues from the region.\n\nThe minimum subscription is €1,000; non-professional investors can subscribe up to €25,000 per order.',
    },
    useOfProceeds:
      'Der Nettoemissionserlös dient der Finanzierung einer Gasaufbereitungsanlage (Membranverfahren) und der Einspeisestation an den Standorten Vilshofen und Ortenburg.',
    projectRisk:
      'Die Erträge hängen von der Verfügbarkeit der Substrate, den Gaspreisen und dem störungsfreien Betrieb der Aufbereitung ab. Änderungen der Förderung können die Wirtschaftlichkeit verschlechtern.',
    variant: { totalSupply: 1_500_000, onHand: 1_500_000, onHold: 0 },
    minimumSubscriptionCents: 100_000,
    maximumOrderCentsNonProfessional: 2_500_000,
    image: {
      motif: 'biogas',
      palette: ['#1e3d59', '#f5f0e1', '#ffc13b', '#2f5d62', '#5e8b7e', '#7d9d5a'],
      seed: 'biogas',
      fileName: 'biogas-bayern.png',
    },
  },
  {
    code: 'LOGISTIK_HAMBURG_2029',
    taxon: 'bonds_sme',
    wkn: 'A4E7G7',
    couponRate: '6.50',
    interestPayment: 'quarterly',
    interestStart: '2026-01-01',
    termMonths: 42,
    issueVolumeCents: 250_000_000,
    issuer: {
      name: 'Elbkai Logistik GmbH',
      street: 'Ludwig-Erhard-Straße 18',
      postcode: '20459',
      city: 'Hamburg',
      registry: 'Amtsgericht Hamburg HRB 176543',
      managingDirector: 'Jan-Ole Brandt',
    },
    moreInformationUrl: 'https://www.elbkai-logistik.example/anleihe-2029',
    name: { de: 'Logistik Hamburg 2029', en: 'Logistics Hamburg 2029' },
    slug: { de: 'logistik-hamburg-2029', en: 'logistics-hamburg-2029' },
    shortDescription: {
      de: '6,50 % Mittelstandsanleihe eines Hamburger Logistikers, vierteljährliche Zinsen.',
      en: '6.50% SME bond of a Hamburg logistics company, quarterly interest.',
    },
    description: {
      de: 'Die Elbkai Logistik GmbH betreibt Container-Umschlag und Lagerlogistik im Hamburger Hafen. Mit der Anleihe finanziert sie zwölf elektrisch betriebene Terminal-Zugmaschinen und eine Ladeinfrastruktur.\n\nDie Zinsen von 6,50 % p. a. werden vierteljährlich gezahlt; die Rückzahlung erfolgt am 30. Juni 2029.',
      en: 'Elbkai Logistik GmbH runs container handling and warehouse logistics in the Port of Hamburg. The bond finances twelve electric terminal tractors and their charging infrastructure.\n\nInterest of 6.50% p.a. is paid quarterly; the bond is repaid on 30 June 2029.',
    },
    useOfProceeds:
      'Der Nettoemissionserlös dient dem Kauf von zwölf elektrischen Terminal-Zugmaschinen und dem Bau von sechs Schnellladepunkten am Standort Waltershof.',
    projectRisk:
      'Die Emittentin ist von den Umschlagmengen im Hamburger Hafen und wenigen Großkunden abhängig. Ein Rückgang des Containerverkehrs kann die Rückzahlung gefährden.',
    variant: { totalSupply: 2_500_000, onHand: 2_500_000, onHold: 100_000 },
    image: {
      motif: 'harbour',
      palette: ['#14213d', '#4a6fa5', '#e63946', '#f1c453', '#2a9d8f', '#f4a261'],
      seed: 'hamburg',
      fileName: 'logistik-hamburg.png',
    },
  },
  {
    code: 'GEOTHERMIE_OBERRHEIN_2033',
    taxon: 'bonds_energy',
    wkn: 'A4E7R8',
    couponRate: '5.00',
    interestPayment: 'annual',
    interestStart: '2026-10-01',
    termMonths: 84,
    issueVolumeCents: 600_000_000,
    issuer: {
      name: 'Oberrhein Geothermie GmbH',
      street: 'Kaiserstraße 80',
      postcode: '76133',
      city: 'Karlsruhe',
      registry: 'Amtsgericht Mannheim HRB 745123',
      managingDirector: 'Dr. Thomas Wendel',
    },
    moreInformationUrl: 'https://www.oberrhein-geothermie.example/anleihe-2033',
    name: { de: 'Geothermie Oberrhein 2033', en: 'Geothermal Upper Rhine 2033' },
    slug: { de: 'geothermie-oberrhein-2033', en: 'geothermal-upper-rhine-2033' },
    shortDescription: {
      de: '5,00 % Geothermieanleihe mit sieben Jahren Laufzeit – derzeit nicht verfügbar.',
      en: '5.00% geothermal bond with a seven-year term – currently not available.',
    },
    description: {
      de: 'Die Oberrhein Geothermie GmbH plant ein Tiefengeothermie-Heizwerk für das Fernwärmenetz einer Gemeinde im Landkreis Karlsruhe. Die Anleihe soll die Bohrungen und die obertägige Anlage teilfinanzieren.\n\nDas Angebot ist derzeit nicht verfügbar.',
      en: 'Oberrhein Geothermie GmbH is planning a deep geothermal heating plant for the district heating network of a municipality near Karlsruhe. The bond is to part-finance the drilling and the surface plant.\n\nThe offer is currently not available.',
    },
    useOfProceeds:
      'Der Nettoemissionserlös dient der Teilfinanzierung von zwei Tiefbohrungen (Förder- und Injektionsbohrung) sowie der Heizzentrale.',
    projectRisk:
      'Fündigkeitsrisiko: Liefern die Bohrungen weniger Thermalwasser oder niedrigere Temperaturen als erwartet, kann das Projekt scheitern. Seismische Ereignisse können zu Betriebsunterbrechungen führen.',
    variant: { totalSupply: 6_000_000, onHand: 0, onHold: 0 },
    image: {
      motif: 'geothermal',
      palette: ['#0b132b', '#1c2541', '#8d6346', '#b5651d', '#d9822b', '#f6ae2d'],
      seed: 'geothermie',
      fileName: 'geothermie-oberrhein.png',
    },
  },
  {
    code: 'PFLEGE_DRESDEN_2031',
    taxon: 'bonds_real_estate',
    wkn: 'A4E7D9',
    couponRate: '4.90',
    interestPayment: 'semi_annual',
    interestStart: '2026-10-01',
    termMonths: 60,
    issueVolumeCents: 350_000_000,
    issuer: {
      name: 'Elbtal Pflegeimmobilien GmbH',
      street: 'Prager Straße 8',
      postcode: '01069',
      city: 'Dresden',
      registry: 'Amtsgericht Dresden HRB 43219',
      managingDirector: 'Ulrike Sommer',
    },
    moreInformationUrl: 'https://www.elbtal-pflegeimmobilien.example/anleihe-2031',
    name: { de: 'Pflegewohnen Dresden 2031', en: 'Care Living Dresden 2031' },
    slug: { de: 'pflegewohnen-dresden-2031', en: 'care-living-dresden-2031' },
    shortDescription: {
      de: '4,90 % Anleihe für ein Pflegeheim in Dresden – in Vorbereitung.',
      en: '4.90% bond for a care home in Dresden – in preparation.',
    },
    description: {
      de: 'Die Elbtal Pflegeimmobilien GmbH errichtet in Dresden-Striesen ein Pflegeheim mit 96 Plätzen und 24 Wohnungen für betreutes Wohnen. Ein Betreiber hat einen Pachtvertrag über 25 Jahre unterzeichnet.\n\nDas Angebot befindet sich in Vorbereitung.',
      en: 'Elbtal Pflegeimmobilien GmbH is building a care home with 96 places and 24 assisted-living flats in Dresden-Striesen. An operator has signed a 25-year lease.\n\nThe offer is in preparation.',
    },
    useOfProceeds:
      'Der Nettoemissionserlös dient der Finanzierung des Eigenkapitalanteils am Neubau des Pflegeheims an der Borsbergstraße in Dresden.',
    projectRisk:
      'Die Pachtzahlungen hängen von der Belegung und der Refinanzierung des Betreibers durch die Pflegekassen ab. Baukostensteigerungen können die Finanzierung gefährden.',
    variant: null,
    image: {
      motif: 'care',
      palette: ['#3d405b', '#f2cc8f', '#f4f1de', '#81b29a', '#e07a5f', '#3d5a80'],
      seed: 'dresden',
      fileName: 'pflege-dresden.png',
    },
  },
];

import type { ArtworkSpec } from '../media/artwork.ts';
import type { Localised } from './bonds.ts';

/** A creator: a customer who shows a public profile (docs/demo-data.md, "Creators"). */
export type CreatorSeed = {
  profileName: string;
  firstName: string;
  lastName: string;
  /** German, as the contract asks. */
  profileDescription: string;
  avatar: { palette: readonly string[] };
};

export const creatorSeeds: readonly CreatorSeed[] = [
  {
    profileName: 'lenahartmann',
    firstName: 'Lena',
    lastName: 'Hartmann',
    profileDescription:
      'Digitale Malerin aus Berlin. Ich male Landschaften zwischen Brandenburger Kiefernwald und Ostseeküste – am liebsten in der blauen Stunde.',
    avatar: { palette: ['#264653', '#2a9d8f', '#e9c46a', '#fefae0'] },
  },
  {
    profileName: 'jonasweber',
    firstName: 'Jonas',
    lastName: 'Weber',
    profileDescription:
      'Architekt und Generativkünstler. Meine Arbeiten übersetzen Stadtgrundrisse und Planetenbahnen in Polygone und Kreise.',
    avatar: { palette: ['#3d348b', '#7678ed', '#f7b801', '#ffffff'] },
  },
  {
    profileName: 'miraschulz',
    firstName: 'Mira',
    lastName: 'Schulz',
    profileDescription:
      'Grafikdesignerin aus Dessau. Inspiriert von der Bauhaus-Farbenlehre arbeite ich mit Kreis, Quadrat und Dreieck.',
    avatar: { palette: ['#d62828', '#f77f00', '#fcbf49', '#003049'] },
  },
  {
    profileName: 'felixbraun',
    firstName: 'Felix',
    lastName: 'Braun',
    profileDescription:
      'Pianist und Komponist aus Hamburg. Ich nehme kurze Klavierstücke direkt am Elbufer auf – mit Hafengeräuschen als Begleitung.',
    avatar: { palette: ['#1d3557', '#457b9d', '#a8dadc', '#f1faee'] },
  },
  {
    profileName: 'sophiekrueger',
    firstName: 'Sophie',
    lastName: 'Krüger',
    profileDescription:
      'Ambient-Musikerin und Videokünstlerin aus Leipzig. Klangflächen, Feldaufnahmen und langsame Bilder.',
    avatar: { palette: ['#6d597a', '#b56576', '#eaac8b', '#ffffff'] },
  },
  {
    profileName: 'tobiasvogel',
    firstName: 'Tobias',
    lastName: 'Vogel',
    profileDescription:
      'Techno-Produzent aus Berlin-Friedrichshain. Loops für die Spätschicht, gemacht mit analogen Maschinen.',
    avatar: { palette: ['#0b090a', '#660708', '#e5383b', '#f5f3f4'] },
  },
  {
    profileName: 'aylinyildiz',
    firstName: 'Aylin',
    lastName: 'Yıldız',
    profileDescription:
      'Lichtkünstlerin aus Köln. Neonröhren, Farbverläufe und bewegte Lichtinstallationen – jetzt auch als digitale Editionen.',
    avatar: { palette: ['#10002b', '#7b2cbf', '#ff5d8f', '#ffffff'] },
  },
  {
    profileName: 'noahbergmann',
    firstName: 'Noah',
    lastName: 'Bergmann',
    profileDescription:
      'Fotograf und Filmemacher aus München. Berge, Nachthimmel und Zeitraffer – digital nachgezeichnet.',
    avatar: { palette: ['#03045e', '#0077b6', '#90e0ef', '#ffffff'] },
  },
];

/** A committed binary file under seed/assets/. */
export type AssetFile = { asset: string; mimeType: 'audio/mpeg' | 'video/mp4' };

export type CollectibleSeed = {
  code: string;
  taxon: 'collectibles_art' | 'collectibles_music' | 'collectibles_video';
  creator: string;
  tokenId: string;
  royalties: number;
  priceCents: number;
  originalPriceCents?: number;
  /** Edition size: total supply and stock of the single variant. */
  editions: number;
  name: Localised;
  slug: Localised;
  shortDescription: Localised;
  description: Localised;
  /** nft_metadata entries; the key starting with `_` is internal and never returned by the API. */
  metadata: readonly (readonly [string, string])[];
  /** Art: the picture. Music and video: the cover or poster picture (position 1). */
  image: ArtworkSpec & { fileName: string };
  /** Music and video: the content file (position 0). */
  content?: AssetFile;
};

const art = (seed: string, motif: ArtworkSpec['motif'], palette: readonly string[], fileName: string) => ({
  motif,
  palette,
  seed,
  fileName,
});

/** Collectibles in creation order (createdAt one minute apart from 2026-01-05T10:00:00Z, after all bonds). */
export const collectibleSeeds: readonly CollectibleSeed[] = [
  {
    code: 'NFT_KIEFERNWALD_ABENDLICHT',
    taxon: 'collectibles_art',
    creator: 'lenahartmann',
    tokenId: '1001',
    royalties: 10,
    priceCents: 45_000,
    editions: 10,
    name: { de: 'Kiefernwald im Abendlicht', en: 'Pine Forest at Dusk' },
    slug: { de: 'kiefernwald-im-abendlicht', en: 'pine-forest-at-dusk' },
    shortDescription: {
      de: 'Digitale Malerei, Edition von 10 – die letzte Sonne über der Schorfheide.',
      en: 'Digital painting, edition of 10 – the last sun over the Schorfheide forest.',
    },
    description: {
      de: 'Vier Schichten Kiefern staffeln sich vor einem glühenden Abendhimmel. Lena Hartmann hat das Motiv nach einem Spaziergang in der Schorfheide nördlich von Berlin gemalt.\n\nDie Edition ist auf 10 Exemplare begrenzt. Mit dem Token erwerben Sie eine nummerierte digitale Edition, nicht das Urheberrecht am Werk.',
      en: 'Four layers of pine trees stand against a glowing evening sky. Lena Hartmann painted the scene after a walk in the Schorfheide forest north of Berlin.\n\nThe edition is limited to 10 copies. The token gives you a numbered digital edition, not the copyright in the work.',
    },
    metadata: [
      ['artist', 'Lena Hartmann'],
      ['year', '2025'],
      ['medium', 'Digitale Malerei'],
      ['edition', '10'],
      ['_curation_note', 'Freigabe Kuratorium 12.12.2025'],
    ],
    image: art(
      'kiefernwald',
      'forest',
      ['#1b263b', '#f28f3b', '#ffd166', '#14342b'],
      'kiefernwald-im-abendlicht.png',
    ),
  },
  {
    code: 'NFT_OSTSEE_HORIZONT',
    taxon: 'collectibles_art',
    creator: 'lenahartmann',
    tokenId: '1002',
    royalties: 8,
    priceCents: 28_000,
    originalPriceCents: 35_000,
    editions: 25,
    name: { de: 'Ostsee-Horizont', en: 'Baltic Horizon' },
    slug: { de: 'ostsee-horizont', en: 'baltic-horizon' },
    shortDescription: {
      de: 'Sonnenaufgang über der Ostsee bei Ahrenshoop, Edition von 25.',
      en: 'Sunrise over the Baltic Sea near Ahrenshoop, edition of 25.',
    },
    description: {
      de: 'Ein ruhiger Morgen an der Küste des Darß: Die Sonne steigt aus dem Meer, ihr Licht zerfällt auf dem Wasser in schmale Streifen.\n\nDie Arbeit ist Teil der Serie „Küstenlicht“. Edition von 25 Exemplaren, derzeit zum Einführungspreis.',
      en: 'A calm morning on the Darß coast: the sun rises out of the sea and its light breaks into narrow stripes on the water.\n\nThe work belongs to the series “Coastal Light”. Edition of 25, currently at an introductory price.',
    },
    metadata: [
      ['artist', 'Lena Hartmann'],
      ['year', '2025'],
      ['series', 'Küstenlicht'],
      ['edition', '25'],
      ['_source_file', 'kuestenlicht_03_final.kra'],
    ],
    image: art(
      'ostsee',
      'horizon',
      ['#0d1b2a', '#e76f51', '#f4a261', '#ffe8a3', '#1d3557'],
      'ostsee-horizont.png',
    ),
  },
  {
    code: 'NFT_SPREEBOGEN_POLYGONE',
    taxon: 'collectibles_art',
    creator: 'jonasweber',
    tokenId: '1003',
    royalties: 12,
    priceCents: 120_000,
    editions: 1,
    name: { de: 'Spreebogen in Polygonen', en: 'Spree Bend in Polygons' },
    slug: { de: 'spreebogen-in-polygonen', en: 'spree-bend-in-polygons' },
    shortDescription: {
      de: 'Unikat: der Berliner Spreebogen als generatives Dreiecksnetz.',
      en: 'One of a kind: Berlin’s Spree bend as a generative triangle mesh.',
    },
    description: {
      de: 'Jonas Weber hat den Stadtgrundriss rund um den Spreebogen in ein Netz aus unregelmäßigen Dreiecken zerlegt. Die Farben folgen dem Verlauf von der Wasserlinie zu den Dächern.\n\nDas Werk existiert nur einmal.',
      en: 'Jonas Weber broke down the city plan around the Spree bend into a mesh of irregular triangles. The colours follow the gradient from the waterline to the rooftops.\n\nThe work exists only once.',
    },
    metadata: [
      ['artist', 'Jonas Weber'],
      ['year', '2024'],
      ['algorithm', 'Delaunay-Variante, Seed 1003'],
      ['edition', '1/1'],
      ['_generator_version', 'polymesh 0.9.2'],
    ],
    image: art(
      'spreebogen',
      'lowpoly',
      ['#22577a', '#38a3a5', '#f4d35e', '#ffffff', '#0b3954'],
      'spreebogen-in-polygonen.png',
    ),
  },
  {
    code: 'NFT_UMLAUFBAHNEN',
    taxon: 'collectibles_art',
    creator: 'jonasweber',
    tokenId: '1004',
    royalties: 12,
    priceCents: 65_000,
    editions: 5,
    name: { de: 'Umlaufbahnen', en: 'Orbits' },
    slug: { de: 'umlaufbahnen', en: 'orbits' },
    shortDescription: {
      de: 'Neun Bahnen, neun Körper – generative Grafik in einer Edition von 5.',
      en: 'Nine orbits, nine bodies – generative graphic in an edition of 5.',
    },
    description: {
      de: 'Konzentrische Bahnen um ein warmes Zentrum, auf jeder ein einzelner Himmelskörper. Die Position der Körper wurde aus dem Zeitpunkt der Prägung berechnet.\n\nEdition von 5 Exemplaren.',
      en: 'Concentric orbits around a warm centre, each carrying a single body. The positions of the bodies were calculated from the minting time.\n\nEdition of 5.',
    },
    metadata: [
      ['artist', 'Jonas Weber'],
      ['year', '2025'],
      ['technique', 'Generative Grafik'],
      ['edition', '5'],
      ['_curation_note', 'Preis mit Künstler abgestimmt'],
    ],
    image: art(
      'umlaufbahnen',
      'orbits',
      ['#0b0c2a', '#2d1e5f', '#ffd166', '#ef476f', '#06d6a0', '#8ecae6'],
      'umlaufbahnen.png',
    ),
  },
  {
    code: 'NFT_BAUHAUS_KOMPOSITION_7',
    taxon: 'collectibles_art',
    creator: 'miraschulz',
    tokenId: '1005',
    royalties: 15,
    priceCents: 250_000,
    editions: 1,
    name: { de: 'Komposition Nr. 7', en: 'Composition No. 7' },
    slug: { de: 'komposition-nr-7', en: 'composition-no-7' },
    shortDescription: {
      de: 'Unikat in den Grundfarben des Bauhauses: Kreis, Quadrat, Dreieck.',
      en: 'One of a kind in the primary colours of the Bauhaus: circle, square, triangle.',
    },
    description: {
      de: 'Mira Schulz ordnet die drei Grundformen nach Kandinskys Zuordnung von Form und Farbe: Gelb zum Dreieck, Rot zum Quadrat, Blau zum Kreis – und bricht die Regel an genau einer Stelle.\n\nUnikat, signiert im Token-Metadatensatz.',
      en: 'Mira Schulz arranges the three basic shapes after Kandinsky’s pairing of form and colour: yellow for the triangle, red for the square, blue for the circle – and breaks the rule in exactly one place.\n\nOne of a kind, signed in the token metadata.',
    },
    metadata: [
      ['artist', 'Mira Schulz'],
      ['year', '2025'],
      ['signature', 'M. Schulz, Dessau'],
      ['edition', '1/1'],
      ['_internal_id', 'MS-2025-007'],
    ],
    image: art(
      'bauhaus7',
      'bauhaus',
      ['#f1e9da', '#d62828', '#f7b801', '#1d3557', '#222222'],
      'komposition-nr-7.png',
    ),
  },
  {
    code: 'NFT_NEON_RHEINUFER',
    taxon: 'collectibles_art',
    creator: 'aylinyildiz',
    tokenId: '1006',
    royalties: 10,
    priceCents: 35_000,
    editions: 20,
    name: { de: 'Neon am Rheinufer', en: 'Neon on the Rhine' },
    slug: { de: 'neon-am-rheinufer', en: 'neon-on-the-rhine' },
    shortDescription: {
      de: 'Leuchtende Linien einer Nacht in Köln, Edition von 20.',
      en: 'Glowing lines of a night in Cologne, edition of 20.',
    },
    description: {
      de: 'Aylin Yıldız übersetzt ihre Lichtinstallation am Kölner Rheinufer in ein digitales Bild: schräge Neonlinien, Reflexe und drei schwebende Ringe.\n\nEdition von 20 Exemplaren.',
      en: 'Aylin Yıldız translates her light installation on the Rhine embankment in Cologne into a digital picture: slanted neon lines, reflections and three floating rings.\n\nEdition of 20.',
    },
    metadata: [
      ['artist', 'Aylin Yıldız'],
      ['year', '2025'],
      ['installation', 'Rheinufer Köln, Oktober 2025'],
      ['edition', '20'],
      ['_source_file', 'rheinufer_neon_v4.psd'],
    ],
    image: art(
      'rheinufer',
      'neon',
      ['#10002b', '#3c096c', '#ff5d8f', '#4cc9f0', '#f9c80e', '#9d4edd'],
      'neon-am-rheinufer.png',
    ),
  },
  {
    code: 'NFT_ALPENGLUEHEN',
    taxon: 'collectibles_art',
    creator: 'noahbergmann',
    tokenId: '1007',
    royalties: 7,
    priceCents: 55_000,
    editions: 10,
    name: { de: 'Alpenglühen', en: 'Alpine Glow' },
    slug: { de: 'alpengluehen', en: 'alpine-glow' },
    shortDescription: {
      de: 'Das Wettersteingebirge im letzten Licht, Edition von 10.',
      en: 'The Wetterstein mountains in the last light, edition of 10.',
    },
    description: {
      de: 'Vier Bergketten hintereinander, darüber der Mond: Noah Bergmann hat ein Foto vom Wank bei Garmisch-Partenkirchen in reine Farbflächen übersetzt.\n\nEdition von 10 Exemplaren.',
      en: 'Four mountain ridges one behind the other, the moon above: Noah Bergmann turned a photo taken from the Wank near Garmisch-Partenkirchen into pure planes of colour.\n\nEdition of 10.',
    },
    metadata: [
      ['artist', 'Noah Bergmann'],
      ['year', '2024'],
      ['location', 'Wank, Garmisch-Partenkirchen'],
      ['edition', '10'],
      ['_raw_photo', 'DSC_4471.NEF'],
    ],
    image: art(
      'alpengluehen',
      'mountains',
      ['#2b2d42', '#e56b6f', '#fff1d0', '#6d597a', '#355070'],
      'alpengluehen.png',
    ),
  },
  {
    code: 'NFT_ELBUFER_SESSIONS',
    taxon: 'collectibles_music',
    creator: 'felixbraun',
    tokenId: '2001',
    royalties: 10,
    priceCents: 2_500,
    editions: 500,
    name: { de: 'Elbufer Sessions Nr. 1', en: 'Elbe Riverside Sessions No. 1' },
    slug: { de: 'elbufer-sessions-nr-1', en: 'elbe-riverside-sessions-no-1' },
    shortDescription: {
      de: 'Klavierminiatur in a-Moll, aufgenommen am Hamburger Elbstrand.',
      en: 'Piano miniature in A minor, recorded on the Elbe beach in Hamburg.',
    },
    description: {
      de: 'Ein gebrochener a-Moll-Akkord, der sich langsam öffnet: Felix Braun hat die erste Elbufer Session an einem Septembermorgen in Övelgönne eingespielt.\n\nDie Edition umfasst 500 Exemplare; jedes Token enthält die Audiodatei und das Cover.',
      en: 'A broken A-minor chord that slowly opens up: Felix Braun recorded the first Elbe Riverside Session on a September morning in Övelgönne.\n\nThe edition comprises 500 copies; each token includes the audio file and the cover.',
    },
    metadata: [
      ['artist', 'Felix Braun'],
      ['year', '2025'],
      ['key', 'a-Moll'],
      ['duration', '0:04 (Auszug)'],
      ['_master_file', 'elbufer_01_master_24bit.wav'],
    ],
    image: art(
      'elbufer',
      'vinyl',
      ['#1d3557', '#457b9d', '#0b1320', '#a8dadc', '#e63946'],
      'elbufer-sessions-cover.png',
    ),
    content: { asset: 'elbufer-sessions.mp3', mimeType: 'audio/mpeg' },
  },
  {
    code: 'NFT_HAFENNEBEL',
    taxon: 'collectibles_music',
    creator: 'felixbraun',
    tokenId: '2002',
    royalties: 10,
    priceCents: 4_900,
    editions: 250,
    name: { de: 'Hafennebel', en: 'Harbour Fog' },
    slug: { de: 'hafennebel', en: 'harbour-fog' },
    shortDescription: {
      de: 'Schwebende Klangfläche mit Nebelhorn, Edition von 250.',
      en: 'Floating soundscape with a foghorn, edition of 250.',
    },
    description: {
      de: 'Ein tiefer Ton wie ein fernes Nebelhorn, darüber ein langsam atmender Akkord. Das Stück entstand in einer Novembernacht an den Landungsbrücken.\n\nEdition von 250 Exemplaren mit Cover.',
      en: 'A low tone like a distant foghorn with a slowly breathing chord above it. The piece was made on a November night at the Landungsbrücken piers.\n\nEdition of 250 with cover.',
    },
    metadata: [
      ['artist', 'Felix Braun'],
      ['year', '2025'],
      ['genre', 'Ambient'],
      ['duration', '0:04 (Auszug)'],
      ['_master_file', 'hafennebel_master.wav'],
    ],
    image: art(
      'hafennebel',
      'equalizer',
      ['#0b132b', '#3a506b', '#5bc0be', '#c2dfe3', '#ffffff'],
      'hafennebel-cover.png',
    ),
    content: { asset: 'hafennebel.mp3', mimeType: 'audio/mpeg' },
  },
  {
    code: 'NFT_SPAETSCHICHT_LOOP',
    taxon: 'collectibles_music',
    creator: 'tobiasvogel',
    tokenId: '2003',
    royalties: 15,
    priceCents: 7_500,
    editions: 100,
    name: { de: 'Spätschicht (Loop)', en: 'Late Shift (Loop)' },
    slug: { de: 'spaetschicht-loop', en: 'late-shift-loop' },
    shortDescription: {
      de: 'Techno-Loop mit 120 BPM aus dem Friedrichshainer Studio, Edition von 100.',
      en: '120 BPM techno loop from a Friedrichshain studio, edition of 100.',
    },
    description: {
      de: 'Kick, Hi-Hat und eine pulsierende Bassfigur: Tobias Vogel hat den Loop auf einer analogen Drum-Machine eingespielt und ohne Nachbearbeitung gemastert.\n\nEdition von 100 Exemplaren; Inhaberinnen und Inhaber dürfen den Loop in eigenen, nicht kommerziellen Stücken verwenden.',
      en: 'Kick, hi-hat and a pulsing bass figure: Tobias Vogel played the loop on an analogue drum machine and mastered it without further editing.\n\nEdition of 100; holders may use the loop in their own non-commercial tracks.',
    },
    metadata: [
      ['artist', 'Tobias Vogel'],
      ['year', '2025'],
      ['bpm', '120'],
      ['license', 'Nicht kommerzielle Nutzung erlaubt'],
      ['_stems', 'spaetschicht_stems.zip'],
    ],
    image: art(
      'spaetschicht',
      'equalizer',
      ['#0b090a', '#161a1d', '#e5383b', '#ffba08', '#f5f3f4'],
      'spaetschicht-cover.png',
    ),
    content: { asset: 'spaetschicht-loop.mp3', mimeType: 'audio/mpeg' },
  },
  {
    code: 'NFT_SOMMERREGEN',
    taxon: 'collectibles_music',
    creator: 'sophiekrueger',
    tokenId: '2004',
    royalties: 8,
    priceCents: 3_900,
    editions: 300,
    name: { de: 'Sommerregen', en: 'Summer Rain' },
    slug: { de: 'sommerregen', en: 'summer-rain' },
    shortDescription: {
      de: 'Pentatonische Glocken über Regenrauschen, Edition von 300.',
      en: 'Pentatonic bells over the sound of rain, edition of 300.',
    },
    description: {
      de: 'Sophie Krüger hat einen Sommerregen im Leipziger Clara-Zetkin-Park aufgenommen und mit einer einfachen Glockenmelodie überlagert.\n\nEdition von 300 Exemplaren mit Cover.',
      en: 'Sophie Krüger recorded a summer shower in Leipzig’s Clara Zetkin Park and layered it with a simple bell melody.\n\nEdition of 300 with cover.',
    },
    metadata: [
      ['artist', 'Sophie Krüger'],
      ['year', '2025'],
      ['field_recording', 'Clara-Zetkin-Park, Leipzig'],
      ['duration', '0:04 (Auszug)'],
      ['_curation_note', 'Cover in zweiter Runde freigegeben'],
    ],
    image: art(
      'sommerregen',
      'flow',
      ['#6d597a', '#eaac8b', '#b56576', '#e56b6f', '#355070', '#ffe5d9'],
      'sommerregen-cover.png',
    ),
    content: { asset: 'sommerregen.mp3', mimeType: 'audio/mpeg' },
  },
  {
    code: 'NFT_WELLENLICHT',
    taxon: 'collectibles_video',
    creator: 'sophiekrueger',
    tokenId: '3001',
    royalties: 8,
    priceCents: 18_000,
    editions: 30,
    name: { de: 'Wellenlicht', en: 'Wave Light' },
    slug: { de: 'wellenlicht', en: 'wave-light' },
    shortDescription: {
      de: 'Langsame Farbwelle als Video-Loop, Edition von 30.',
      en: 'A slow wave of colour as a video loop, edition of 30.',
    },
    description: {
      de: 'Ein Farbverlauf von Nachtblau zu Korallenrot wandert langsam durch das Bild – gedacht für Bildschirme in ruhigen Räumen.\n\nVideo-Loop (MP4) mit Standbild, Edition von 30.',
      en: 'A gradient from night blue to coral red slowly travels across the frame – made for screens in quiet rooms.\n\nVideo loop (MP4) with still, edition of 30.',
    },
    metadata: [
      ['artist', 'Sophie Krüger'],
      ['year', '2025'],
      ['format', 'MP4, 480 x 270, 24 fps'],
      ['loop', 'ja'],
      ['_render_preset', 'wl_slow_v2'],
    ],
    image: art(
      'wellenlicht',
      'flow',
      ['#1d3557', '#e63946', '#457b9d', '#a8dadc', '#f1faee', '#1d3557'],
      'wellenlicht-poster.png',
    ),
    content: { asset: 'wellenlicht.mp4', mimeType: 'video/mp4' },
  },
  {
    code: 'NFT_NORDLICHT_STUDIE',
    taxon: 'collectibles_video',
    creator: 'noahbergmann',
    tokenId: '3002',
    royalties: 7,
    priceCents: 24_000,
    editions: 15,
    name: { de: 'Nordlicht-Studie', en: 'Aurora Study' },
    slug: { de: 'nordlicht-studie', en: 'aurora-study' },
    shortDescription: {
      de: 'Polarlicht als Animationsstudie, Edition von 15.',
      en: 'Northern lights as an animation study, edition of 15.',
    },
    description: {
      de: 'Im Mai 2024 waren Polarlichter bis nach Bayern zu sehen. Noah Bergmann hat seine Zeitrafferaufnahmen aus jener Nacht als fließende Lichtbänder nachgebaut.\n\nVideo-Loop (MP4) mit Standbild, Edition von 15.',
      en: 'In May 2024 the northern lights were visible as far south as Bavaria. Noah Bergmann rebuilt his time-lapse footage from that night as flowing bands of light.\n\nVideo loop (MP4) with still, edition of 15.',
    },
    metadata: [
      ['artist', 'Noah Bergmann'],
      ['year', '2024'],
      ['format', 'MP4, 480 x 270, 24 fps'],
      ['location', 'Walchensee'],
      ['_raw_footage', 'timelapse_2024-05-10.mov'],
    ],
    image: art(
      'nordlicht',
      'flow',
      ['#0b0c2a', '#0b3d2e', '#2dd881', '#1b998b', '#3a86ff', '#0b3d2e'],
      'nordlicht-poster.png',
    ),
    content: { asset: 'nordlicht.mp4', mimeType: 'video/mp4' },
  },
  {
    code: 'NFT_FARBFLUSS',
    taxon: 'collectibles_video',
    creator: 'aylinyildiz',
    tokenId: '3003',
    royalties: 10,
    priceCents: 15_000,
    editions: 40,
    name: { de: 'Farbfluss', en: 'Colour Flow' },
    slug: { de: 'farbfluss', en: 'colour-flow' },
    shortDescription: {
      de: 'Fließende Farbfelder aus einer Lichtinstallation, Edition von 40.',
      en: 'Flowing fields of colour from a light installation, edition of 40.',
    },
    description: {
      de: 'Überlagerte Wellen aus Magenta, Violett und Grün: Die Animation ist die digitale Fassung von Aylin Yıldız’ Projektion „Farbfluss“ im Kölner Mediapark.\n\nVideo-Loop (MP4) mit Standbild, Edition von 40.',
      en: 'Overlapping waves of magenta, violet and green: the animation is the digital version of Aylin Yıldız’s projection “Colour Flow” in Cologne’s Mediapark.\n\nVideo loop (MP4) with still, edition of 40.',
    },
    metadata: [
      ['artist', 'Aylin Yıldız'],
      ['year', '2025'],
      ['format', 'MP4, 480 x 270, 24 fps'],
      ['exhibition', 'Mediapark Köln'],
      ['_projection_setup', '3 Beamer, 12.000 Lumen'],
    ],
    image: art(
      'farbfluss',
      'neon',
      ['#240046', '#5a189a', '#ff4d6d', '#80ed99', '#c77dff', '#ff9e00'],
      'farbfluss-poster.png',
    ),
    content: { asset: 'farbfluss.mp4', mimeType: 'video/mp4' },
  },
];

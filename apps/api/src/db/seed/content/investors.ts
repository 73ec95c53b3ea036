/**
 * Demo investors (docs/demo-data.md, "Demo accounts"; listed in the README). Seeded only outside
 * production: a production start never creates accounts with known passwords.
 */
export const DEMO_PASSWORD = 'Tokenwerk-Demo-2026!';

/** Base32 TOTP secret of the two-factor demo investor: add it to any authenticator app. */
export const DEMO_TOTP_SECRET = 'JZXW4ZLTOR2GK4TNMFXG4IDUN5VWK3TX';

export const demoInvestors = [
  {
    email: 'anna.becker@demo.tokenwerk.example',
    salutation: 'ms',
    firstName: 'Anna',
    lastName: 'Becker',
    mobileNumber: '+49 151 23456789',
    locale: 'de',
    twoFactorSecret: null,
    address: { street: 'Kastanienallee 12', postcode: '10435', city: 'Berlin', countryCode: 'DE' },
  },
  {
    email: 'jonas.wagner@demo.tokenwerk.example',
    salutation: 'mr',
    firstName: 'Jonas',
    lastName: 'Wagner',
    mobileNumber: '+49 160 98765432',
    locale: 'en',
    twoFactorSecret: DEMO_TOTP_SECRET,
    address: { street: 'Elbchaussee 88', postcode: '22763', city: 'Hamburg', countryCode: 'DE' },
  },
] as const;

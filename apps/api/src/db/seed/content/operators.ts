/**
 * The demo operator of the compliance review (/admin; listed in the README with the demo
 * investors). Seeded only outside production, with the demo password and two-factor on: the admin
 * area refuses operators without it.
 */

/** Base32 TOTP secret of the demo operator: add it to any authenticator app. */
export const DEMO_OPERATOR_TOTP_SECRET = 'X4DBOM7K7K3APP2ORTV5NZDJLLWEH7UZ';

export const demoOperator = {
  email: 'compliance@demo.tokenwerk.example',
  salutation: 'ms',
  firstName: 'Clara',
  lastName: 'Hoffmann',
  mobileNumber: '+49 30 12345678',
  locale: 'de',
  twoFactorSecret: DEMO_OPERATOR_TOTP_SECRET,
} as const;

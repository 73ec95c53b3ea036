/*
 * The public account forms' schemas, imported lazily by their pages (`formResolver`'s loader): a
 * page that also names a plain list of the accounts domain (sign-up's company types) would
 * otherwise take every schema, and zod, into its first paint with it (decision 021).
 */
export { companySignUpSchema, loginSchema, signUpSchema } from '@token/domain/accounts';

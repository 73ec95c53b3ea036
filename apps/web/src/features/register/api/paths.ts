/** The shop API's base path. */
export const shop = '/api/v2/shop';

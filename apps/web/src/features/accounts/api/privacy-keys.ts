/** Query keys of the data-protection calls (issue 19); requests invalidate `all`. */
export const privacyKeys = {
  all: ['privacy'] as const,
  exports: (uuid: string) => ['privacy', 'exports', uuid] as const,
  erasureRequests: (uuid: string) => ['privacy', 'erasure-requests', uuid] as const,
  openPositions: (uuid: string) => ['privacy', 'open-positions', uuid] as const,
};

export const customerPath = (uuid: string) => `/api/v2/shop/customers/${encodeURIComponent(uuid)}`;

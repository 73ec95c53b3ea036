/**
 * spec 7: "a tracking event fires on loading more items". Events go to the page's own data layer
 * (`window.dataLayer`, the shape tag managers read) and as a DOM event `tokenwerk:track`; nothing is
 * sent anywhere by this code. A tag manager, if the operator adds one with the visitor's consent,
 * picks them up from there.
 */
export type TrackingEvent = {
  /** GA4's ecommerce names where one fits (`view_item_list` for a further page of items). */
  event: 'view_item_list';
  list: string;
  page: number;
  items: string[];
};

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export const trackingEventName = 'tokenwerk:track';

export function trackEvent(event: TrackingEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push(event);
  window.dispatchEvent(new CustomEvent(trackingEventName, { detail: event }));
}

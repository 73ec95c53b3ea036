import type { ProductView } from '@token/domain/catalog-views';
import { shopChannelCode } from '@token/domain/channel';

/** The price per token in cents on the shop's channel, or null when the product has none. */
export function priceOf(product: Pick<ProductView, 'defaultVariant'>): number | null {
  const pricings = product.defaultVariant?.channelPricings;
  if (!pricings) return null;
  return (pricings[shopChannelCode] ?? Object.values(pricings)[0])?.price ?? null;
}

/** The value of a product attribute (`coupon_rate`, `url_more_information`...), or null. */
export function attributeOf(product: Pick<ProductView, 'attributes'>, code: string): string | null {
  return product.attributes.find((a) => a.code === code)?.stringValue ?? null;
}

/** Only web links open as "more information"; anything else in the attribute is ignored. */
export function safeExternalUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** A mail draft to the channel's contact address about an exclusive product (spec 1). */
export function enquiryMailto(contactEmail: string, subject: string): string {
  return `mailto:${contactEmail}?${new URLSearchParams({ subject }).toString().replace(/\+/g, '%20')}`;
}

/** Messages of the cart and payment calls (kept here, beside their schemas). */
export const CART_TEXTS = {
  couponRequired: 'Please enter a coupon code',
  couponTotalRequired: 'The cart total with VAT is required to apply a coupon',
  couponUnknown: 'This coupon code is not valid',
  couponInactive: 'This coupon is no longer active',
  couponExpired: 'This coupon has expired',
  couponUsedUp: 'This coupon has been used the maximum number of times',
  couponPerUserLimit: 'You have already used this coupon',
  cartEmpty: 'Your cart is empty',
  cartChanged: 'Your cart has changed since you opened it. Please review the cart and pay again.',
  orderNotInCart: 'This order is not in your cart',
  notEnoughCredits: 'Not enough credits',
} as const;

/**
 * The add-ons an order is priced with, as the cart line and the invoice line name them: they are
 * part of the price, so whoever reads the line sees what it paid for.
 */
export function orderAddOnNames(order: {
  needProofreading: boolean;
  expedite: boolean;
  certificate: boolean;
}): string[] {
  const names: string[] = [];
  if (order.needProofreading) names.push('Proofreading');
  if (order.expedite) names.push('Urgent delivery');
  if (order.certificate) names.push('Certificate');
  return names;
}

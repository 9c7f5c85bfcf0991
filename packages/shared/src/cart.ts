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

/*
 * The orders feature's pages, one chunk (issue 8): the order process (spec 2 orderProcess), its
 * end pages, and the investor's orders, order details and invoices. The router loads it with the
 * `orders` texts when one of these routes is first visited.
 */
export { AddressesStepPage } from './addresses-step-page.tsx';
export { CheckoutLayout } from './components/checkout-layout.tsx';
export { ConfirmationStepPage } from './confirmation-step-page.tsx';
export { InvoicesPage } from './invoices-page.tsx';
export { OrderDetailsPage } from './order-details-page.tsx';
export { OrdersPage } from './orders-page.tsx';
export { OrderFinishPage, PaymentCancelPage, PaymentSuccessPage } from './payment-pages.tsx';
export { PaymentStepPage } from './payment-step-page.tsx';
export { ThankYouPage } from './thank-you-page.tsx';
export { TokenStepPage } from './token-step-page.tsx';

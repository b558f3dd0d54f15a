// The trip page's parts that only an answer or a comparison needs: loaded on first use, and fetched once the page's
// first load is over (trip-view.tsx), so the first paint carries none of them (decisions §8: public first load).
export const loadAcceptForm = () => import('./accept-form');
export const loadChangesForm = () => import('./changes-form');
export const loadComparison = () => import('./comparison');
/** The payments section (D31), shown once a version is accepted; its QR codes are a chunk of their own. */
export const loadTripPayments = () => import('./trip-payments');
export const loadUpiQr = () => import('./upi-qr');

/** Fetches every lazy part ahead of the click that needs it. */
export const preloadLazyParts = () => Promise.all([loadAcceptForm(), loadChangesForm(), loadComparison()]);

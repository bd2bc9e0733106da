/** How a payment that did not start is told to the payer (the checkout, "Pay now", a quote). */
/**
 * Toss's widget refuses to start in a few known ways, in Korean whatever the page's language: each
 * is said in ours (issue 33, item 12). Anything else keeps its own message.
 */
const WIDGET_ERRORS: Record<string, string> = {
  NOT_SELECTED_PAYMENT_METHOD: 'checkout.toast.chooseMethod',
  NOT_RENDERED_PAYMENT_METHODS_UI: 'checkout.toast.methodsLoading',
};

/** What a payment that did not start, or was cancelled in the provider's window, is said to be. */
export function paymentErrorText(error: unknown, t: (key: string) => string): { cancelled: boolean; title: string; text: string } {
  const code = (error as { code?: string }).code;
  if (code === 'USER_CANCEL') return { cancelled: true, title: t('checkout.toast.canceledTitle'), text: t('checkout.toast.canceled') };
  const known = code ? WIDGET_ERRORS[code] : undefined;
  return { cancelled: false, title: t('checkout.toast.payFailed'), text: known ? t(known) : (error as Error).message || t('checkout.toast.payError') };
}


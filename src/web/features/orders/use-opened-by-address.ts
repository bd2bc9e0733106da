/**
 * Opens an order's payment when the address asks for it: `?pay=1` on a guest's private page (one
 * order) or `?pay={order number}` on My Page. The fail page and the kept-order mail link there, so
 * a payer who tries again lands in the payment, not in a list. Opened after hydration: the dialog's
 * code loads on first use.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

export function useOpenedByAddress(orderNumber: string, open: () => void): void {
  const [params] = useSearchParams();
  const wanted = params.get('pay');
  useEffect(() => {
    if (wanted === '1' || wanted === orderNumber) open();
    // Once per address: closing the dialog keeps it closed.
  }, [wanted, orderNumber]);
}

import { useQuery } from '@tanstack/react-query';
import { isPayinOpen, PAYIN_POLL_INTERVAL_MS, type TTransactionValidation } from '@flotte/contract/payins';
import { payinKeys, payinsApi } from './payins-api.ts';

/**
 * A pay-in's status, polled from check-status every 3 seconds while the operator hasn't answered
 * (and `active`: the card stops asking once its countdown ran out). Starts from the validation
 * data the payment route answered, so the card shows at once.
 */
export function usePayinStatus(initial: TTransactionValidation, active = true) {
  return useQuery({
    queryKey: payinKeys.status(initial.transaction_id),
    queryFn: ({ signal }) => payinsApi.status(initial.transaction_id, signal),
    initialData: initial,
    initialDataUpdatedAt: () => Date.now(),
    refetchInterval: (query) => (active && isPayinOpen(query.state.data?.status ?? initial.status) ? PAYIN_POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: true,
    // A failed poll (a network blip) is retried by the next tick, not hammered.
    retry: false,
  });
}

import { ApiError } from '../api/api-error.ts';

/** Spec: success toasts last 4 s, errors 6 s, and only one toast is visible at a time. */
export const TOAST_SUCCESS_MS = 4000;
export const TOAST_ERROR_MS = 6000;
export const GENERIC_ERROR_MESSAGE = 'Une erreur est survenue. Réessayez plus tard.';

// @mantine/notifications loads on first use (and with its container, after the first paint),
// keeping it off the critical path of the sign-in screen. Once loaded the import is instant.
const loadNotifications = () => import('@mantine/notifications').then((m) => m.notifications);

// The container (App.tsx) mounts on the first toast asked for, not on every first visit: most
// visits to the sign-in screen never show one, and its chunk is some 9 kB of a 150 kB budget.
// Toasts raised before it has mounted wait in the notifications store.
let toastAsked = false;
const demandListeners = new Set<() => void>();
export const toastDemand = {
  subscribe(listener: () => void) {
    demandListeners.add(listener);
    return () => void demandListeners.delete(listener);
  },
  asked: () => toastAsked,
};

function show(message: string, color: string, autoClose: number, testId: string) {
  if (!toastAsked) {
    toastAsked = true;
    for (const listener of demandListeners) listener();
  }
  void loadNotifications().then((notifications) => {
    // `limit={1}` alone would queue later toasts behind the visible one and show stale news;
    // the newest message replaces whatever is on screen instead.
    notifications.clean();
    notifications.show({ message, color, autoClose, withBorder: true, 'data-testid': testId });
  });
}

export const toast = {
  success(message: string) {
    show(message, 'teal', TOAST_SUCCESS_MS, 'toast-success');
  },
  error(message: string) {
    show(message, 'red', TOAST_ERROR_MS, 'toast-error');
  },
};

/** Shows a failure as an error toast; notices (code 5011) are only logged by the API client. */
export function toastApiError(error: unknown) {
  if (error instanceof ApiError) {
    if (!error.isNotice) toast.error(error.message);
    return;
  }
  console.error(error);
  toast.error(GENERIC_ERROR_MESSAGE);
}

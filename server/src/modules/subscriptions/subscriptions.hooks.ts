// Registers what the payins module does when a subscription invoice's payment succeeds (filled in by the payment work).
export {};

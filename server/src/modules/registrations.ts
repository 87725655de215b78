// What each module registers with the others, imported once by the app and by scripts that create
// parks (the demo, seed:large), so every entry point sees the same registries.

// "Reset the account" options.
import './access/access.reset.ts';
import './files/files.reset.ts';
import './drivers/drivers.reset.ts';
import './vehicles/vehicle-groups.reset.ts';
import './planning/planning.reset.ts';
import './operations/operations.reset.ts';
import './recipes/recipes.reset.ts';
import './reminders/reminders.reset.ts';
import './notifications/notifications.reset.ts';
import './maintenance/maintenance.reset.ts';
import './suppliers/suppliers.reset.ts';
import './contracts/contracts.reset.ts';
import './clients/clients.reset.ts';
import './courses/courses.reset.ts';
// What each module still shows, so a files-only reset (and the orphan sweep) keeps it.
import './vehicles/vehicles.files.ts';
import './drivers/drivers.files.ts';
import './operations/operations.files.ts';
import './maintenance/maintenance.files.ts';
import './suppliers/suppliers.files.ts';
import './contracts/contracts.files.ts';
// What a new park starts with.
import './pnl/pnl.park-setup.ts';
import './treasury/treasury.park-setup.ts';
import './withdrawals/withdrawals.park-setup.ts';
import './subscriptions/subscriptions.park-setup.ts';
// What a module does when recipes are paid (in the payment's transaction).
import './contracts/contracts.hooks.ts';
// What a module does when a pay-in of its own purpose succeeds.
import './subscriptions/subscriptions.hooks.ts';
// What a module undoes when its operation is cancelled from the operations screen.
import './recipes/recipe-payment-cancel.ts';
import './courses/courses.hooks.ts';
import './yango/yango-debit.hooks.ts';

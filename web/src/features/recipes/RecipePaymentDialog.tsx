import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TRecipe } from '@flotte/contract/recipes';
import { PAYMENT_DIALOG_TITLE } from './recipe-payment.ts';
import { RecipePaymentForm } from './RecipePaymentForm.tsx';

export interface RecipePaymentDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The recipes to pay (a snapshot of the selection). */
  recipes: readonly TRecipe[];
  /** 'manual': the driver dialog's 'Encaisser manuellement' (POST accept-cash-payment). */
  source?: 'unpaid' | 'manual';
  title?: string;
  /** After a payment went through (cash and sold at once, mobile money once the driver validated). */
  onPaid?: () => void;
}

/**
 * 'Règlement complet/partiel des recettes' (spec 001 section 2.6). Non-mobile success closes it;
 * a mobile-money payment the driver validated brings the form back (step 1), and the caller,
 * told by onPaid, drops the paid recipes from its selection.
 */
export function RecipePaymentDialog({ opened, onClose, recipes, source = 'unpaid', title = PAYMENT_DIALOG_TITLE, onPaid }: RecipePaymentDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md" fullScreen={fullScreen} data-testid="recipe-payment-dialog">
      <RecipePaymentForm
        recipes={recipes}
        source={source}
        active={opened}
        onCollected={() => {
          onPaid?.();
          onClose();
        }}
        onMobileCompleted={onPaid}
      />
    </Modal>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { SUPPLIER_MESSAGES, ZSupplierCategoryInput, type TSupplierCategory } from '@flotte/contract/suppliers';
import { NewNameDialog } from '../../ui/dialogs/NewNameDialog.tsx';
import { supplierKeys } from './queries.ts';
import { suppliersApi } from './suppliers-api.ts';

export const NEW_CATEGORY_TITLE = 'Ajouter une nouvelle catégorie';

/** 'Ajouter une nouvelle catégorie' with 'Nom de la catégorie' (spec 002 section 2); a taken name shows under the field. */
export function NewCategoryDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated?: (category: TSupplierCategory) => void }) {
  const queryClient = useQueryClient();
  return (
    <NewNameDialog<TSupplierCategory>
      opened={opened}
      onClose={onClose}
      title={NEW_CATEGORY_TITLE}
      label="Nom de la catégorie"
      schema={ZSupplierCategoryInput as never}
      save={async (name) => {
        const created = await suppliersApi.addCategory(name);
        await queryClient.invalidateQueries({ queryKey: supplierKeys.categories() });
        return created;
      }}
      successMessage={SUPPLIER_MESSAGES.categoryAdded}
      onCreated={onCreated}
      testId="supplier-category-new"
    />
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { ZDocumentTypeInput } from '@flotte/contract/catalog';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';
import { NewNameDialog } from '../../ui/dialogs/NewNameDialog.tsx';
import { vehicleDocumentKeys } from './queries.ts';
import { vehicleDocumentsApi, type DocumentType } from './vehicle-documents-api.ts';

export const DOCUMENT_TYPE_ADDED_MESSAGE = SUCCESS_MESSAGES.DOCUMENT_TYPE_ADDED;

export interface NewDocumentTypeDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The new type, so the document form can select it at once. */
  onCreated?: (type: DocumentType) => void;
}

/** 'Nouveau type de document': a park's own document type, beside the shared ones. */
export function NewDocumentTypeDialog({ opened, onClose, onCreated }: NewDocumentTypeDialogProps) {
  const queryClient = useQueryClient();
  return (
    <NewNameDialog
      opened={opened}
      onClose={onClose}
      title="Nouveau type de document"
      label="Nom du document"
      schema={ZDocumentTypeInput}
      save={vehicleDocumentsApi.addDocumentType}
      successMessage={DOCUMENT_TYPE_ADDED_MESSAGE}
      testId="document-type"
      onCreated={(created) => {
        // Shown at once in the select, without waiting for the refetch.
        queryClient.setQueryData<DocumentType[]>(vehicleDocumentKeys.types(), (old) => (old ? [...old, created] : old));
        void queryClient.invalidateQueries({ queryKey: vehicleDocumentKeys.types() });
        onCreated?.(created);
      }}
    />
  );
}

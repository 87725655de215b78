import { useQueryClient } from '@tanstack/react-query';
import { CONTRACT_MESSAGES, type TContractDetail } from '@flotte/contract/contracts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { contractsApi } from './contracts-api.ts';
import { invalidatedByChange } from './queries.ts';

export interface SignContractDialogProps {
  contract: Pick<TContractDetail, 'id' | 'reference' | 'document_version'>;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Signer' (issue 19 section 1): records who signs, when, from which profile, and the document
 * version shown; the contract is then ACTIVE.
 */
export function SignContractDialog({ contract, opened, onClose }: SignContractDialogProps) {
  const queryClient = useQueryClient();
  async function sign() {
    try {
      // Version 0: no document was generated yet; the server then records none (or the current one).
      await contractsApi.sign(contract.id, contract.document_version > 0 ? contract.document_version : undefined);
    } catch (error) {
      toastApiError(error);
      throw error; // keeps the confirmation open for a retry
    }
    toast.success(CONTRACT_MESSAGES.signed);
    for (const key of invalidatedByChange) void queryClient.invalidateQueries({ queryKey: key });
  }
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title="Signer le contrat"
      message={`Vous signez le contrat ${contract.reference}${contract.document_version > 0 ? ` (version ${contract.document_version} du document)` : ''}. Votre nom, la date et votre profil seront enregistrés, et le contrat devient actif.`}
      confirmLabel="Signer"
      onConfirm={sign}
      testId="contract-sign-dialog"
    />
  );
}

import { Button, PasswordInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PASSWORD_MESSAGES } from '@flotte/contract/constants';
import { zNewPassword } from '@flotte/contract/formats';
import { showFormError } from '../../ui/form-errors.ts';
import { toast } from '../../ui/toast.ts';
import { usePending } from '../../ui/usePending.ts';
import { authApi } from './auth-api.ts';
import type { Recipient } from './identifier.ts';

export const PASSWORD_RESET_MESSAGE = 'Mot de passe réinitialisé avec succès. Vous pouvez vous connecter.';

// Spec 002 section 5: 8+ characters, upper, lower, digit, one of !@#$%^&*, and a matching confirmation.
const ZResetForm = z
  .object({ password: zNewPassword, confirmation: z.string() })
  .refine((v) => v.password === v.confirmation, { path: ['confirmation'], message: PASSWORD_MESSAGES.mismatch });
type ResetForm = z.infer<typeof ZResetForm>;

export function ResetPasswordForm({ recipient, resetCode, onDone }: { recipient: Recipient; resetCode: string; onDone: () => void }) {
  const { register, handleSubmit, setError, formState } = useForm<ResetForm>({
    resolver: zodResolver(ZResetForm),
    defaultValues: { password: '', confirmation: '' },
  });
  const reset = usePending(authApi.resetPassword);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.run({ ...recipient, code: resetCode, password: values.password });
      toast.success(PASSWORD_RESET_MESSAGE);
      onDone();
    } catch (error) {
      showFormError(error, setError, {}, ['password']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="reset-password-form">
      <Stack gap="md">
        <PasswordInput
          label="Nouveau mot de passe"
          description="8 caractères minimum, avec une majuscule, une minuscule, un chiffre et un caractère spécial (!@#$%^&*)."
          autoComplete="new-password"
          autoFocus
          {...register('password')}
          error={formState.errors.password?.message}
          data-testid="reset-password"
        />
        <PasswordInput
          label="Confirmez le mot de passe"
          autoComplete="new-password"
          {...register('confirmation')}
          error={formState.errors.confirmation?.message}
          data-testid="reset-password-confirmation"
        />
        <Button type="submit" fullWidth loading={reset.pending} data-testid="reset-submit">
          Réinitialiser le mot de passe
        </Button>
      </Stack>
    </form>
  );
}

import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorCodes, OLD_PASSWORD_REQUIRED_MESSAGE, PASSWORD_MESSAGES, SAME_PASSWORD_MESSAGE, zNewPassword } from '@flotte/contract';
import { ApiError } from '../../api/api-error.ts';
import { showFormError } from '../../ui/form-errors.ts';
import { toast } from '../../ui/toast.ts';
import { accountApi } from './account-api.ts';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';

export const PASSWORD_CHANGED_MESSAGE = SUCCESS_MESSAGES.PASSWORD_CHANGED;

/*
 * The form's own schema: the same rules as the contract's ZChangePassword, but the confirmation is
 * required here (the API accepts it missing, a person must type it) and checked on every field.
 */
const ZChangePasswordForm = z
  .object({
    password: z.string().min(1, OLD_PASSWORD_REQUIRED_MESSAGE),
    new_password: zNewPassword,
    new_password_confirm: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.new_password_confirm !== v.new_password) {
      ctx.addIssue({ code: 'custom', path: ['new_password_confirm'], message: PASSWORD_MESSAGES.mismatch });
    }
    if (v.password && v.new_password === v.password) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: SAME_PASSWORD_MESSAGE });
    }
  });
type ChangePasswordValues = z.infer<typeof ZChangePasswordForm>;
const FIELDS = ['password', 'new_password', 'new_password_confirm'] as const;
const EMPTY: ChangePasswordValues = { password: '', new_password: '', new_password_confirm: '' };

/** 'Changer le mot de passe': old password, new one, confirmation (POST /api/admin-reset-password). */
export function ChangePasswordForm({ email }: { email: string | null }) {
  const { register, handleSubmit, setError, reset, formState } = useForm<ChangePasswordValues>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: EMPTY,
  });
  const change = useMutation({
    mutationFn: (values: ChangePasswordValues) => accountApi.changePassword({ ...values, email: email ?? undefined }),
    meta: { errorToast: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      toast.success(PASSWORD_CHANGED_MESSAGE);
      reset(EMPTY);
    } catch (error) {
      // A wrong old password is the server's word on one field: show it there, not only in a toast.
      if (error instanceof ApiError && error.code === ErrorCodes.OLD_PASSWORD_INCORRECT.code) {
        setError('password', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      showFormError(error, setError, {}, FIELDS);
    }
  });

  return (
    <Card withBorder radius="md" padding="md" maw={520} data-testid="change-password-card">
      <Title order={2} fz="h4" mb={4}>
        Changer le mot de passe
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Vos autres sessions seront déconnectées ; celle-ci reste ouverte.
      </Text>
      <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
        <Stack gap="md">
          <PasswordInput
            label="Ancien mot de passe"
            autoComplete="current-password"
            withAsterisk
            {...register('password')}
            error={formState.errors.password?.message}
            data-testid="old-password"
          />
          <PasswordInput
            label="Nouveau mot de passe"
            description="8 caractères minimum, avec une majuscule, une minuscule, un chiffre et un caractère spécial (!@#$%^&*)."
            autoComplete="new-password"
            withAsterisk
            {...register('new_password')}
            error={formState.errors.new_password?.message}
            data-testid="new-password"
          />
          <PasswordInput
            label="Confirmez le nouveau mot de passe"
            autoComplete="new-password"
            withAsterisk
            {...register('new_password_confirm')}
            error={formState.errors.new_password_confirm?.message}
            data-testid="new-password-confirm"
          />
          <Button type="submit" loading={change.isPending} data-testid="change-password-submit" style={{ alignSelf: 'flex-start' }}>
            Mettre à jour le mot de passe
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

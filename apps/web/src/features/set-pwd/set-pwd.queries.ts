import { useMutation } from '@tanstack/react-query';
import { useAuthCalls } from '../../lib/use-auth.ts';

export function useSetPasswordMutation() {
  const auth = useAuthCalls();
  return useMutation({ mutationFn: (password: string) => auth.setPassword(password) });
}

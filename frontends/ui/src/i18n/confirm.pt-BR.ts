import type { confirmEn } from './confirm.en';

// O diálogo de confirmação do app (components/ConfirmDialog.tsx).
export const confirmPtBR: Record<keyof typeof confirmEn, string> = {
  delete_title: 'Excluir este registro?',
  delete_message: 'Isto exclui “{{name}}” para todos do grupo. Não pode ser desfeito.',
  delete: 'Excluir',
  cancel: 'Cancelar',
  phone_title: 'Excluir este telefone?',
  address_title: 'Excluir este endereço?',
  remove_member_title: 'Remover este membro?',
  remove_member_message: 'Isto remove “{{name}}” do grupo: a pessoa perde o acesso aos registros dele.',
  remove: 'Remover',
};

// Textos em português da primeira página após o login (mesclados nos recursos como `start.*`).
import type { startEn } from './start.en';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const startPtBR: Texts<typeof startEn> = {
  confirm: {
    title: 'Confirme primeiro seu endereço de e-mail',
    sent_to: 'Enviamos um link de confirmação para {{email}}. Abra-o para confirmar seu endereço.',
    invitations:
      'Se alguém convidou você para o grupo dele, não é preciso criar um: o convite aparece aqui assim que você confirmar seu endereço.',
    resend: 'Enviar o e-mail de confirmação de novo',
    resent: 'Um novo e-mail de confirmação está a caminho de {{email}}.',
    check_again: 'Já confirmei',
    own_group: 'Vai abrir sua própria loja? Crie um perfil de grupo',
  },
  invitations: {
    title: 'Você foi convidado',
    detail: 'Aceite um convite para entrar no grupo e abrir o painel dele.',
    own_group: 'Ou crie um perfil de grupo seu',
  },
};

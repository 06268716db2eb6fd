// Textos em português do painel do grupo (mesclados nos recursos como `dashboard.*`).
import type { dashboardEn } from './dashboard.en';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const dashboardPtBR: Texts<typeof dashboardEn> & {
  confirmation: { days_left_many: string; days_left_zero: string };
  timeline: { settings_changed_count_many: string; settings_changed_count_zero: string };
} = {
  confirmation: {
    title: 'Confirme seu endereço de e-mail',
    days_left_zero: 'Sua conta perde o acesso hoje se você não confirmar seu e-mail.',
    days_left_one: 'Sua conta perde o acesso em {{count}} dia se você não confirmar seu e-mail.',
    days_left_many: 'Sua conta perde o acesso em {{count}} dias se você não confirmar seu e-mail.',
    days_left_other: 'Sua conta perde o acesso em {{count}} dias se você não confirmar seu e-mail.',
    last_day: 'Sua conta perde o acesso em menos de 2 dias: confirme seu e-mail agora.',
    hint: 'Abra o link que enviamos para o seu e-mail.',
    resend: 'Enviar a confirmação de novo',
  },
  notifications: {
    title: 'Avisos do sistema',
  },
  timeline: {
    action: 'Ação',
    model: 'Modelo',
    record: 'Registro',
    updated: 'Atualizado',
    settings_changed: 'configurações alteradas',
    settings_changed_count_zero: 'nenhuma alteração',
    settings_changed_count_one: '{{count}} alteração',
    settings_changed_count_many: '{{count}} alterações',
    settings_changed_count_other: '{{count}} alterações',
    by: 'por {{name}}',
  },
  balances: {
    title: 'Saldos',
    show: 'Mostrar',
    hide: 'Ocultar',
    hidden: 'Valores ocultos',
    none: 'Nenhuma moeda tem saldo positivo.',
  },
  first_steps: {
    title: 'Seu grupo está pronto',
    detail: 'Nada aconteceu aqui ainda. O que as pessoas fazem com clientes, chamados e os outros registros aparece aqui.',
    customer: 'Cadastrar um cliente',
    ticket: 'Abrir um chamado',
  },
};

import type { reportsEn } from './reports.en';

// Portuguese texts of the reports page (`reports.*`).
export const reportsPtBR: typeof reportsEn = {
  title: 'Relatórios',
  breadcrumb_dashboard: 'Painel',
  intro: 'Chamados abertos e finalizados no período, no seu fuso horário ({{tz}}). Concluídos conta os chamados cujo status passou a concluído no período e continua assim.',
  from: 'De',
  to: 'Até',
  last_weeks: 'Últimas 12 semanas',
  download_csv: 'Baixar CSV',
  not_allowed: {
    title: 'Relatórios são para administradores',
    text: 'Um administrador do grupo pode dar acesso a relatórios na sua assinatura.',
    back: 'Voltar ao painel',
  },
  totals: {
    opened: 'Abertos',
    done: 'Concluídos',
    cancelled: 'Cancelados',
  },
  time_to_done: {
    title: 'Tempo da abertura até concluir',
    count: 'Chamados concluídos',
    median: 'Mediana',
    p90: 'Percentil 90',
    average: 'Média',
    hours: '{{value}} h',
    none: '—',
  },
  weeks: {
    title: 'Chamados por semana',
    chart_label: 'Gráfico de chamados abertos e concluídos por semana',
    week: 'Semana',
    start: 'Início',
  },
  groups: {
    technicians: 'Por técnico',
    categories: 'Por categoria',
    customers: 'Por cliente',
    technician: 'Técnico',
    category: 'Categoria',
    customer: 'Cliente',
    opened: 'Abertos',
    done: 'Concluídos',
    median: 'Mediana até concluir',
    none: '(nenhum)',
    others: '(outros)',
    empty: 'Nenhum chamado neste período.',
  },
  counts: {
    title: 'Registros por tipo',
    kind: 'Tipo',
    count: 'Registros',
  },
  errors: {
    range: 'Escolha um período de no máximo dois anos, com o início antes do fim.',
  },
};

import type { publicEn } from './public.en';

// Textos em português das telas públicas e do seletor de módulo (`public.*`).
export const publicPtBR: typeof publicEn = {
  nav: { login: 'Entrar', register: 'Crie seu perfil', welcome: 'Sobre o produto' },
  hero: {
    title: 'Ordens de serviço sem papelada',
    pitch:
      'Acompanhe chamados, clientes, equipamentos, contratos, orçamentos, recibos e manutenções em um só lugar — e ative finanças pessoais, armazenamento de arquivos, notas e um leitor de feeds quando o seu grupo precisar.',
    pitch_core: 'Acompanhe chamados, clientes, equipamentos, contratos, orçamentos, recibos e manutenções em um só lugar.',
    start: 'Comece grátis',
    login: 'Já tenho um perfil',
  },
  features: {
    title: 'Recursos',
    tickets: { title: 'Chamados', text: 'Abra, atribua e feche chamados, com prioridades, checklists, comentários e recibos para impressão.' },
    customers: { title: 'Clientes e equipamentos', text: 'Mantenha juntos cada cliente, seus equipamentos, contratos e manutenções.' },
    finance: { title: 'Finanças pessoais', text: 'Carteiras, receitas, despesas, transferências, câmbio e importação de CSV com regras de mapeamento.' },
    disk: { title: 'Disco', text: 'Guarde arquivos com versões e acesse-os por WebDAV.' },
    notes: { title: 'Manual e wiki', text: 'Escreva notas e favoritos que todo o grupo pode ler.' },
    reader: { title: 'Leitor de feeds', text: 'Acompanhe feeds RSS com assinaturas, marcadores, itens lidos e favoritos.' },
    groups: { title: 'Grupos e membros', text: 'Convide membros para o perfil do grupo; cada um escolhe quais e-mails receber.' },
    api: { title: 'API e tokens', text: 'Conecte outros programas com a API e tokens pessoais.' },
  },
  screenshots: {
    title: 'Telas',
    note: 'Ilustrações das telas principais.',
    dashboard: 'Painel: chamados abertos por prioridade e as alterações recentes',
    tickets: 'Chamados: a lista com situação e prioridade',
    finance: 'Finanças: saldos das carteiras e despesas recentes',
  },
  pricing: {
    title: 'Preços',
    per_month: 'por mês',
    choose: 'Escolher',
    free: {
      name: 'Grátis',
      price: 'US$ 0',
      items: ['1.000 registros', 'Até 5 grupos grátis (1 até confirmar o seu e-mail)', 'Usuários ilimitados', 'Um backup por mês'],
    },
    pro: {
      name: 'Profissional',
      // spec §9: the Portuguese catalogue says 3 where the English one says 6
      price: 'US$ 3 por 100 MB',
      unit: 'por 100 MB',
      items: ['Backup semanal', 'Armazenamento de arquivos: 1 GB', 'Usuários ilimitados'],
    },
    corp: {
      name: 'Corporativo',
      // spec §9: the Portuguese catalogue says 9 where the English one says 18
      price: 'US$ 9 por 200 MB',
      unit: 'por 200 MB',
      items: ['Backup diário por grupo', 'Mais um backup diário de todos os grupos', 'Armazenamento de arquivos: 1 GB'],
    },
    server: {
      name: 'Servidor dedicado',
      price: 'US$ 900',
      items: ['1 GB de dados', '10 GB de arquivos', 'Um servidor só para a sua empresa'],
    },
  },
  faq: {
    title: 'Perguntas frequentes',
    items: [
      { q: 'Existe um plano grátis?', a: 'Sim. O plano Grátis guarda 1.000 registros e até 5 grupos grátis, com usuários ilimitados.' },
      { q: 'Por que confirmar o meu e-mail?', a: 'Até a confirmação você só pode criar um grupo grátis, e uma conta não confirmada perde o acesso após 30 dias.' },
      { q: 'Posso voltar para o plano Grátis?', a: 'Sim, enquanto o grupo tiver no máximo 1.000 registros. Depois de uma troca, o plano fica bloqueado por 24 horas.' },
      { q: 'Telefones e endereços contam como registros?', a: 'Não. Sub-registros como um telefone ou um endereço não contam para o limite.' },
      { q: 'Como eu pago?', a: 'Os planos pagos são cobrados por um provedor externo de pagamento com cartão; os preços são em dólares americanos.' },
      { q: 'Outros programas podem usar os meus dados?', a: 'Sim. Crie um token de usuário no seu perfil e use a API.' },
    ],
  },
  legal: {
    back: 'Voltar',
    updated_note: 'Esta página é provisória: o operador deste serviço preenche o texto final.',
    terms: {
      title: 'Termos e condições',
      body: 'Os termos e condições deste serviço ainda não foram publicados. O operador deste serviço vai escrevê-los aqui antes de oferecer o serviço ao público.',
    },
    privacy: {
      title: 'Política de privacidade',
      body: 'A política de privacidade deste serviço ainda não foi publicada. O operador deste serviço vai descrever aqui quais dados pessoais são coletados, por quê, e como pedir a remoção deles.',
    },
    refund: {
      title: 'Política de reembolso',
      body: 'A política de reembolso deste serviço ainda não foi publicada. O operador deste serviço vai descrever aqui quando e como os pagamentos são reembolsados.',
    },
    disclaimer: {
      title: 'Aviso legal',
      body: 'O aviso legal deste serviço ainda não foi publicado. O operador deste serviço vai escrevê-lo aqui.',
    },
  },
  newsletter: {
    title: 'Preferências de newsletter',
    intro: 'Escolha o que podemos enviar para você por e-mail.',
    topics: {
      product: { label: 'Novidades do produto', text: 'Novos recursos e mudanças no serviço.' },
      tips: { label: 'Dicas', text: 'Guias curtos para aproveitar melhor o serviço.' },
    },
    topics_note: 'Cada tema fica como você o deixar. Com todos os temas desativados você não recebe a newsletter; a opção “Quero receber o boletim” do seu perfil a interrompe ou retoma por inteiro.',
    current_password: 'Senha atual',
    current_password_hint: 'Salvar o seu perfil exige a sua senha atual.',
    save: 'Salvar preferências',
    saved: 'As suas preferências foram salvas.',
  },
  icons: {
    title: 'Ícones',
    plans: 'Ícones dos planos',
    app: 'Ícones do aplicativo',
    names: {
      ticket: 'Chamado',
      finance: 'Finanças',
      disk: 'Disco',
      notes: 'Notas',
      reader: 'Leitor',
      user: 'Usuário',
      settings: 'Configurações',
      bell: 'Notificações',
    },
  },
  coming: {
    badge: 'Em breve',
    list: 'Em breve: {{modules}}.',
  },
  modules: {
    switch: 'Módulo',
    names: { ticket: 'Ordens de serviço', finance: 'Finanças', disk: 'Disco', notes: 'Notas', reader: 'Leitor' },
  },
  footer: { copyright: '© ServiceDesk', terms: 'Termos', privacy: 'Privacidade', refund: 'Reembolsos', disclaimer: 'Aviso legal', icons: 'Ícones' },
};

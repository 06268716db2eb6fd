import { addDays, CustomerFields, estimateTotal, isValidCnpj, isValidCpf, ticketTitle } from './tickets';

describe('CPF and CNPJ check digits', () => {
  it('accepts valid CPFs with or without punctuation', () => {
    for (const cpf of ['529.982.247-25', '52998224725', '111.444.777-35', '11144477735', ' 390.533.447-05 ']) expect(isValidCpf(cpf)).toBe(true);
  });

  it('refuses wrong check digits, wrong lengths, letters and all-equal digits', () => {
    for (const cpf of ['529.982.247-24', '52998224735', '1114447773', '111444777350', '111.444.777-3a', '000.000.000-00', '11111111111', '99999999999', '', null, 12345678909]) {
      expect(isValidCpf(cpf)).toBe(false);
    }
  });

  it('accepts valid CNPJs with or without punctuation', () => {
    for (const cnpj of ['11.222.333/0001-81', '11222333000181', '45.723.174/0001-10', '45723174000110']) expect(isValidCnpj(cnpj)).toBe(true);
  });

  it('refuses wrong CNPJs', () => {
    for (const cnpj of ['11.222.333/0001-80', '11222333000118', '1122233300018', '00.000.000/0000-00', '11111111111111', 'aa.222.333/0001-81', '52998224725']) {
      expect(isValidCnpj(cnpj)).toBe(false);
    }
  });

  it('stores digits only and says is-invalid for a wrong one', () => {
    expect(CustomerFields.parse({ name: 'A', cpf: '529.982.247-25', cnpj: '11.222.333/0001-81' })).toMatchObject({ cpf: '52998224725', cnpj: '11222333000181' });
    expect(CustomerFields.parse({ name: 'A', cpf: '', cnpj: null })).toMatchObject({ cpf: null, cnpj: null });
    const res = CustomerFields.safeParse({ name: 'A', cpf: '111.111.111-11' });
    expect(res.success).toBe(false);
    expect(res.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['cpf', 'is-invalid']]);
  });
});

describe('ticket title', () => {
  it('is the first non-empty line of the content, trimmed and cut to 60 characters', () => {
    expect(ticketTitle('\n   \n  Screen broken  \nsecond')).toBe('Screen broken');
    expect(ticketTitle('x'.repeat(80))).toBe('x'.repeat(60));
    expect(ticketTitle('\r\nline one\r\nline two')).toBe('line one');
    expect(ticketTitle('   ')).toBe('');
    expect(ticketTitle(undefined)).toBe('');
    // characters, not UTF-16 units
    expect(ticketTitle('é'.repeat(59) + '😀😀')).toBe('é'.repeat(59) + '😀');
  });
});

describe('estimate total and warranty end', () => {
  it('sums quantity × value to 2 decimals', () => {
    expect(estimateTotal([{ quantity: 3, value: 0.1 }, { quantity: 1.5, value: 10 }])).toBe(15.3);
    expect(estimateTotal([])).toBe(0);
  });

  it('adds warranty days to a date', () => {
    expect(addDays('2024-02-20', 10)).toBe('2024-03-01');
    expect(addDays('2025-12-31', 0)).toBe('2025-12-31');
  });
});

import * as proto from '@app/proto';
import { currencyDigits } from '@app/ui';
import { describe, expect, it } from 'vitest';
import { financeEn } from '../i18n/en';
import { financePtBR } from '../i18n/pt-BR';
import * as contract from './contract';
import { COLUMN_ROLES } from './statement';

describe("the finance contract's constants written out for the bundle", () => {
  it("equal proto's", () => {
    expect([contract.MONEY_RECORD_KLASSES, contract.FEE_SIDES, contract.PRECISION_MAX, contract.AMOUNT_MAX, contract.FIND_LIMIT]).toEqual([
      proto.MONEY_KLASSES,
      proto.FEE_KINDS,
      proto.MAX_PRECISION,
      proto.MAX_MINOR,
      proto.MAX_FIND_LIMIT,
    ]);
    expect([contract.MESSAGES, contract.KIND_NAMES, contract.MONEY, contract.UPDATES, contract.FINANCE, contract.VIEWS]).toEqual([
      proto.FINANCE_MESSAGES,
      proto.MONEY_KIND_NAMES,
      proto.MONEY_DESIGN,
      proto.MONEY_UPDATES,
      proto.FINANCE_DESIGN,
      proto.FINANCE_VIEWS,
    ]);
  });

  it("equal proto's for the CSV import and the mapping rules (each rule choice list whole)", () => {
    expect([contract.STATEMENT_MAX_BYTES, contract.STATEMENT_PREVIEW_ROWS, contract.IMPORT_STATES, contract.IMPORTS, contract.IMPORT_HANDLERS]).toEqual([
      proto.CSV_MAX_BYTES,
      proto.CSV_PREVIEW_ROWS,
      proto.CSV_IMPORT_STATUSES,
      proto.IMPORTS_DESIGN,
      proto.IMPORT_UPDATES,
    ]);
    expect([contract.MAPPINGS, contract.MAPPING_VIEW, contract.MAPPING_HANDLERS]).toEqual([proto.MAPPINGS_DESIGN, proto.MAPPING_VIEWS, proto.MAPPING_UPDATES]);
    const shape = proto.MappingFields.shape;
    const condition = shape.conditions.unwrap().unwrap().element.shape;
    expect([...contract.RULE_TARGETS].sort()).toEqual([...shape.target.options].sort());
    expect([...contract.RULE_FIELDS].sort()).toEqual([...condition.field_to_watch.options].sort());
    expect([...contract.RULE_FIELDS].sort()).toEqual([...shape.field_to_change.options].sort());
    expect([...contract.RULE_WATCH_KINDS].sort()).toEqual([...condition.kind_of_watch.options].sort());
    expect([...contract.RULE_CHANGE_KINDS].sort()).toEqual([...shape.kind_of_change.options].sort());
    expect([...contract.RULE_JOINS].sort()).toEqual([...shape.join.unwrap().unwrap().options].sort());
    expect(shape.conditions.unwrap().unwrap().safeParse(Array.from({ length: contract.RULE_MAX_CONDITIONS + 1 }, () => ({ field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: 'a' }))).success).toBe(false);
    expect(proto.CsvColumns.keyof().options.sort()).toEqual([...COLUMN_ROLES].sort());
  });

  it('turns categories into tags as proto does (spec §5: commas, dashes for spaces, lower case, no repeats)', () => {
    for (const input of ['Food, eating out,food', ' ,, ', ['Car', 'car  wash, Fuel'], 'A'.repeat(70), Array.from({ length: 40 }, (_, i) => `t${i}`).join(','), undefined, 12])
      expect(contract.toTags(input)).toEqual(proto.normalizeTags(input));
    expect(contract.toTags('Food, eating out,food')).toEqual(['food', 'eating-out']);
  });

  it("reads a currency's decimals as proto's currencyPrecision does (USD, BRL, EUR 2; JPY 0; BHD 3)", () => {
    for (const code of ['USD', 'BRL', 'EUR', 'JPY', 'BHD', 'CLP', 'KWD']) expect([code, currencyDigits(code)]).toEqual([code, proto.currencyPrecision(code)]);
  });

  it("has an en and a pt-BR text for every refusal of spec §8 the service answers (reason keys as the banner makes them)", () => {
    const key = (reason: string) => reason.replace(/['’.,]/g, '').replace(/\s+/g, '-');
    const reasons = [
      ...proto.MONEY_KLASSES.flatMap((k) => [proto.FINANCE_REASONS.alreadyConfirmed(k), proto.FINANCE_REASONS.alreadyUnconfirmed(k), proto.FINANCE_REASONS.deleteConfirmed(k)]),
      proto.FINANCE_REASONS.imported,
      proto.FINANCE_REASONS.notImported,
      proto.FINANCE_REASONS.walletInUse,
    ];
    const en = financeEn.errors.reason as Record<string, string>;
    const pt = financePtBR.errors.reason as Record<string, string>;
    for (const reason of reasons) {
      expect(en[key(reason)]).toBe(reason);
      expect(pt[key(reason)]).toBeTruthy();
    }
    for (const reason of Object.values(contract.IMPORT_REASONS)) {
      expect(en[key(reason)]).toBe(reason);
      expect(pt[key(reason)]).toBeTruthy();
    }
    for (const message of Object.values(proto.FINANCE_MESSAGES)) {
      expect(financeEn.validation).toHaveProperty([message]);
      expect(financePtBR.validation).toHaveProperty([message]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import * as proto from '@app/proto';
import { notesEn } from '../i18n/en';
import { notesPtBR } from '../i18n/pt-BR';
import * as contract from './contract';

describe("the notes contract's constants written out for the bundle", () => {
  it("equal proto's", () => {
    expect([contract.CONTENT_TYPES, contract.CONTENT_MAX, contract.PAGE_BYTES_MAX, contract.FIELDS_MAX, contract.SLUG_MAX, contract.FILE_MAX_BYTES, contract.FETCH_STATUSES]).toEqual([
      proto.HANDBOOK_CONTENT_TYPES,
      proto.MAX_HANDBOOK_CONTENT,
      proto.MAX_HANDBOOK_BYTES,
      proto.MAX_HANDBOOK_FIELDS,
      proto.MAX_SLUG,
      proto.BOOKMARKS_FILE_MAX_BYTES,
      proto.BOOKMARK_FETCH_STATUSES,
    ]);
    expect([contract.MESSAGES, contract.CONFLICT_REASON, contract.STALE_REASON, contract.SEARCH_LIMIT]).toEqual([
      proto.NOTES_MESSAGES,
      proto.HANDBOOK_CONFLICT_REASON,
      proto.REASONS.conflict,
      proto.NOTES_SEARCH_MAX_LIMIT,
    ]);
    expect([contract.HANDBOOKS, contract.HB_VIEWS, contract.HB_UPDATES, contract.BOOKMARKS, contract.BM_VIEWS, contract.BM_UPDATES, contract.NOTES, contract.N_VIEWS]).toEqual([
      proto.HANDBOOKS_DESIGN,
      proto.HANDBOOK_VIEWS,
      proto.HANDBOOK_UPDATES,
      proto.BOOKMARKS_DESIGN,
      proto.BOOKMARK_VIEWS,
      proto.BOOKMARK_UPDATES,
      proto.NOTES_DESIGN,
      proto.NOTES_VIEWS,
    ]);
  });

  it("make the slugs and tags proto makes, and take the slugs proto's schema takes", () => {
    for (const title of ['Troca de Óleo — Motor 2.0', '  ', 'Ação!! Já', 'x'.repeat(300), 'Çedilha--e  espaços']) expect(contract.toSlug(title)).toBe(proto.slugify(title));
    for (const tags of ['Motor, troca de óleo,motor', ['A b', 'a-b', ' '], '', undefined]) expect(contract.toTags(tags)).toEqual(proto.HandbookFields.shape.categories.parse(tags) ?? []);
    for (const slug of ['troca-de-oleo', 'a', 'A', 'a--b', '-a', 'a-', 'ação', 'a b', 'x'.repeat(121)])
      expect(contract.isSlug(slug), slug).toBe(proto.HandbookFields.shape.uri.safeParse(slug).success);
  });

  it('have the field errors of the notes in both languages', () => {
    for (const message of Object.values(contract.MESSAGES).filter((m) => m !== 'has-already-been-taken')) {
      expect(notesEn.validation).toHaveProperty([message]);
      expect(notesPtBR.validation).toHaveProperty([message]);
    }
  });
});

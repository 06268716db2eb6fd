import { ctxOf, newUser } from '@app/platform/testing/callers';
import { checklistAfterWrite, checklistOf, numbered, searchText, statusEvent, titleOf } from './ticket.rules';

describe('ticket rules', () => {
  it('keeps a given title, else derives it from the content', () => {
    expect(titleOf('  Mine ', 'content')).toBe('Mine');
    expect(titleOf('', '\n\nFirst line\nsecond')).toBe('First line');
    expect(titleOf(null, 'y'.repeat(61))).toBe('y'.repeat(60));
  });

  it('copies the category checklist, one unticked item per non-empty line', () => {
    expect(checklistOf({ checklist: 'A\r\n\r\n  B  \n' } as never)).toEqual([
      { text: 'A', checked: false },
      { text: 'B', checked: false },
    ]);
    expect(checklistOf(null)).toEqual([]);
  });

  it('gives a new ticket its category checklist, with or without a category', () => {
    expect(checklistAfterWrite(null, { checklist: 'A\nB' } as never, true)).toEqual([
      { text: 'A', checked: false },
      { text: 'B', checked: false },
    ]);
    expect(checklistAfterWrite(null, null, false)).toEqual([]);
  });

  it('copies the category checklist when a category is set or changed on a ticket without checklist items', () => {
    const category = { checklist: 'Screen\nBattery' } as never;
    const unticked = [
      { text: 'Screen', checked: false },
      { text: 'Battery', checked: false },
    ];
    expect(checklistAfterWrite({ checklist: [] } as never, category, true)).toEqual(unticked);
    expect(checklistAfterWrite({} as never, category, true)).toEqual(unticked); // a ticket stored without the field
  });

  it('keeps a ticket checklist with items, ticks included, when its category changes', () => {
    const items = [{ text: 'Old', checked: true }];
    expect(checklistAfterWrite({ checklist: items } as never, { checklist: 'New' } as never, true)).toEqual(items);
  });

  it('leaves an empty checklist empty when the write does not set or change the category', () => {
    expect(checklistAfterWrite({ checklist: [] } as never, { checklist: 'Screen' } as never, false)).toEqual([]);
    expect(checklistAfterWrite({ checklist: [] } as never, null, true)).toEqual([]); // category removed
  });

  it('records who changed the status, with their label, and when', () => {
    const u = newUser({ fullname: 'Ana' });
    expect(statusEvent(ctxOf(u, 'acc-1'), 'done', 'open', '2024-01-01T00:00:00.000Z')).toEqual({ status: 'done', from: 'open', user_id: u.user_id, user_label: 'Ana', at: '2024-01-01T00:00:00.000Z' });
  });

  it('labels who changed the status by the masked address when they have no full name, never the address', () => {
    const u = newUser({ fullname: '', email: 'bob@example.com' });
    expect(statusEvent(ctxOf(u, 'acc-1'), 'done', 'open').user_label).toBe('b…@example.com');
  });

  it('search is lowercase text of number, title, content, problem, customer and equipment; label is "#n title"', () => {
    expect(searchText({ number: 12, title: 'Tela', content: 'TELA Quebrada', problem: null, customer_name: 'JOÃO', equipment_identifier: 'SN-9' })).toBe('12\ntela\ntela quebrada\njoão\nsn-9');
    expect(numbered({ title: 'Tela', content: 'x' }, 3)).toMatchObject({ number: 3, label: '#3 Tela', search: '3\ntela\nx' });
  });
});

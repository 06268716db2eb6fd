import { NOTES_SEARCH_DEFAULT_LIMIT, NOTES_SEARCH_MAX_LIMIT } from '@app/proto';
import { MAX_QUERY, searchParams, snippetHtml, START, STOP } from './search.rules';

describe('searchParams', () => {
  it('reads q as text (numbers too, as the gateway JSON-decodes them), trimmed and cut, and the limit within bounds', () => {
    expect(searchParams({ q: '  óleo  ' })).toEqual({ q: 'óleo', limit: NOTES_SEARCH_DEFAULT_LIMIT });
    expect(searchParams({ q: 2024, limit: 5 })).toEqual({ q: '2024', limit: 5 });
    expect(searchParams({ q: 'x', limit: '7' })).toEqual({ q: 'x', limit: 7 });
    expect(searchParams({ q: 'a'.repeat(500) }).q).toHaveLength(MAX_QUERY);
    expect(searchParams({})).toEqual({ q: '', limit: NOTES_SEARCH_DEFAULT_LIMIT });
  });

  it('refuses a q that is no text and a limit out of 1…max (400)', () => {
    for (const params of [{ q: { a: 1 } }, { q: ['x'] }, { q: 'x', limit: 0 }, { q: 'x', limit: NOTES_SEARCH_MAX_LIMIT + 1 }, { q: 'x', limit: 2.5 }, { q: 'x', limit: 'ten' }]) {
      expect(() => searchParams(params)).toThrow(expect.objectContaining({ error: 'bad_request' }));
    }
  });
});

describe('snippetHtml', () => {
  it('escapes every character of the text and turns the markers into <mark>', () => {
    expect(snippetHtml(`a <script>alert("x")</script> & ${START}óleo${STOP} 'q'`)).toBe("a &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>óleo</mark> &#39;q&#39;");
  });

  it('keeps marks balanced whatever the markers (an unclosed one is closed, a stray stop ignored), and squashes spaces', () => {
    expect(snippetHtml(`${STOP}a ${START}b ${START}c`)).toBe('a <mark>b c</mark>');
    expect(snippetHtml('a\n\n  b')).toBe('a b');
  });
});

import { NOTES_SEARCH_DEFAULT_LIMIT, NOTES_SEARCH_MAX_LIMIT } from '@app/proto';
import { markedSnippet, MAX_QUERY, renderedText, queryLexemes, searchParams, SNIPPET_WORDS, snippetHtml, snippetMatcher, START, STOP } from './search.rules';

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

describe('queryLexemes', () => {
  it('reads the lexemes of a tsquery as PostgreSQL writes it, quotes undoubled, without the negated ones or repeats', () => {
    expect(queryLexemes("'manutenca' | 'manutencao' & !'oleo'")).toEqual(['manutenca', 'manutencao']);
    expect(queryLexemes("'d''agua' <-> 'fria' | 'fria'")).toEqual(["d'agua", 'fria']);
    expect(queryLexemes('')).toEqual([]);
  });
});

describe('markedSnippet', () => {
  const marked = (text: string, lexemes: string[]) => markedSnippet(text, snippetMatcher(lexemes)).replaceAll(START, '[').replaceAll(STOP, ']');

  it('marks whole words the lexemes start, whatever their case and accents, and keeps the text between them', () => {
    expect(marked('Fazer a Manutenção preventiva dos compressores, a cada mês.', ['manutenca', 'compressor', 'mes'])).toBe(
      'Fazer a [Manutenção] preventiva dos [compressores], a cada [mês].',
    );
  });

  it('marks the words of stems that rewrite their end (English i for y, a long Portuguese stem\'s last letters), not words that only contain a lexeme', () => {
    expect(marked('A happy customer', ['happi'])).toBe('A [happy] customer');
    expect(marked('com frequência', ['frequent'])).toBe('com [frequência]');
    expect(marked('micro-ondas na fonda', ['onda'])).toBe('micro-[ondas] na fonda');
  });

  it(`cuts ${SNIPPET_WORDS} words from ten before the first match, or from the start when no word matches`, () => {
    const text = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ') + '.';
    const around = marked(text.replace('w60', 'alvo'), ['alvo']).split(' ');
    expect(around).toHaveLength(SNIPPET_WORDS);
    expect(around[0]).toBe('w50');
    expect(around[10]).toBe('[alvo]');
    expect(marked(text, ['nada']).split(' ')).toEqual(Array.from({ length: SNIPPET_WORDS }, (_, i) => `w${i}`));
    // a match near the end still gets SNIPPET_WORDS words, and the text's last punctuation
    const end = marked(text.replace('w98', 'alvo'), ['alvo']).split(' ');
    expect(end).toHaveLength(SNIPPET_WORDS);
    expect(end.slice(-2)).toEqual(['[alvo]', 'w99.']);
    // in a long text only the words around the match are read: none of them cut
    const long = Array.from({ length: 3000 }, (_, i) => (i === 1500 ? 'alvo' : `palavra${i}`)).join(' ');
    const middle = marked(long, ['alvo']).split(' ');
    expect(middle).toHaveLength(SNIPPET_WORDS);
    expect(middle[0]).toBe('palavra1490');
    expect(middle[SNIPPET_WORDS - 1]).toBe('palavra1524');
    expect(marked(long, ['nada']).split(' ').slice(-1)).toEqual([`palavra${SNIPPET_WORDS - 1}`]);
  });

  it('drops the markers a text holds, and takes lexemes with pattern characters as plain letters', () => {
    expect(marked(`a${START}b${STOP} c++ (x)`, ['c++', '(x', 'ab'])).toBe('[ab] c++ (x)');
    expect(marked('', ['a'])).toBe('');
    expect(marked('  ...  ', ['a'])).toBe('...');
  });
});

describe('renderedText', () => {
  it('drops the tags (a space for block ones, nothing for inline ones) and reads back the entities the renderer writes', () => {
    expect(renderedText('<h2>Troca de <strong>óleo</strong></h2><p>Use o <a href="/handbooks/oleo">filtro</a>. 1 &lt; 2 &amp;&amp; &quot;seco&quot; &#39;x&#39; &amp;lt;</p>')).toBe(
      ' Troca de óleo  Use o filtro. 1 < 2 && "seco" \'x\' &lt; ',
    );
    expect(renderedText('<table><tr><td>a</td><td>b</td></tr></table>line<br>next')).toBe('   a  b   line next');
  });
});

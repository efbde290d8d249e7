import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '@bible-qa/contract';
import { buildCorpusTestApp, type CorpusTestApp } from '../../test/test-app.ts';
import { createTestUser, parseSse, type SseEventLike } from '../../test/test-users.ts';

let t: CorpusTestApp;
let requestNo = 0;
const nextId = () => `kinds-${Date.now()}-${(requestNo += 1)}`;

async function ask(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/webapi/portal/chat/ask',
    headers: { locale: 'zh-cn', ...headers },
    payload: { requestId: nextId(), ...body },
  });
  const events = parseSse(res.body);
  const done = events.at(-1) as SseEventLike & { answer: Answer };
  expect(done.type).toBe('done');
  return { events, answer: done.answer };
}
const books = (a: Answer) => a.citations.map((c) => c.reference?.split('.')[0]);
/** A prayer's heading, then its first petition, which speaks to God: 天父， or the verse's own address (耶和华啊，). */
const ADDRESSED = (theme: string) => new RegExp(`^### 祷告：${theme}\\n\\n(?:天父，|[^，\\n]{1,6}啊，)`, 'u');
/** Whether a petition holds its cited verse's own words: six characters of it in a row, quoted or said to God. */
const saysItsVerse = (a: Answer, petition: string) => {
  const start = a.content.indexOf(petition);
  const verses = a.citations.filter((c) => c.start >= start && c.end <= start + petition.length && c.verseText);
  return verses.some((c) => {
    const text = c.verseText!.replace(/[\s，。；：、！？「」『』]/gu, '');
    const said = petition.replace(/[\s，。；：、！？「」『』]/gu, '');
    return Array.from({ length: Math.max(0, text.length - 5) }, (_, i) => text.slice(i, i + 6)).some((run) =>
      said.includes(run),
    );
  });
};

beforeAll(async () => {
  t = await buildCorpusTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The paragraphs of a piece between its heading and its last line. */
const body = (a: Answer) => a.content.split('\n\n').slice(1, -1);
/** Whether a paragraph holds a reference the server linked to the corpus. */
const citesIn = (a: Answer, paragraph: string) => {
  const start = a.content.indexOf(paragraph);
  return a.citations.some((c) => c.status === 'linked' && c.start >= start && c.end <= start + paragraph.length);
};

describe('prayers, sermon outlines and poems', () => {
  it('prays the passages chosen for its theme: each petition says or quotes its verse, no pasted topic', async () => {
    const { events, answer } = await ask({ question: '我生病住院的母亲', kind: 'prayer' });
    expect(events[0]).toMatchObject({ type: 'meta', kind: 'prayer' });
    expect(answer.kind).toBe('prayer');
    expect(answer.content).toMatch(ADDRESSED('我生病住院的母亲'));
    expect(answer.content).not.toContain('带到你的面前');
    expect(answer.content).toMatch(/阿们。$/);
    const petitions = body(answer);
    expect(petitions.length).toBeGreaterThanOrEqual(2);
    for (const petition of petitions) {
      expect(petition).toMatch(/（[^）]+）。$/);
      expect(citesIn(answer, petition)).toBe(true);
      expect(saysItsVerse(answer, petition)).toBe(true);
    }
    // Healing and comfort passages the fixture holds, every one linked: the quotation is the verse's own words.
    expect(answer.citations.map((c) => c.reference)).toContain('PSA.23.4');
    expect(answer.citations.every((c) => c.status === 'linked')).toBe(true);
    expect(answer.relatedLiterature).toEqual([]);
  });

  it('prays for people a flood hit from the passages of refuge, not from the Flood', async () => {
    const { answer } = await ask({ question: '洪水中的灾民', kind: 'prayer' });
    // The fixture holds Romans 8 of the disaster set (Psalm 46 and the rest are not in it), and no Genesis 6-9.
    expect(answer.citations.map((c) => c.reference)).toContain('ROM.8.35-ROM.8.37');
    expect(answer.citations.every((c) => c.status === 'linked')).toBe(true);
    expect(books(answer)).not.toContain('GEN');
  });

  it('recognises a prayer asked for in the question itself', async () => {
    const { events, answer } = await ask({ question: '请为我生病住院的母亲写一段祷告文' });
    expect(events[0]).toMatchObject({ type: 'meta', kind: 'prayer' });
    expect(answer.content).toMatch(/^### 祷告：生病住院的母亲/);
    expect(answer.content).not.toContain('核心经文');
  });

  it('writes a poem on a named psalm as a cento: every line is the psalm’s own words', async () => {
    const { answer } = await ask({ question: 'Write a poem about Psalm 23' }, { locale: 'en' });
    expect(answer.kind).toBe('poem');
    expect(answer.content).toMatch(/^### A poem: Psalm 23/);
    const lines = body(answer).flatMap((stanza) => stanza.split('  \n'));
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const psalm = answer.citations
      .filter((c) => c.reference?.startsWith('PSA.23.'))
      .map((c) => c.verseText)
      .join(' ');
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\s]/gu, '')
        .replace(/\s+/g, ' ')
        .trim();
    for (const line of lines) expect(words(psalm)).toContain(words(line));
    // A named passage is sung in its own order, a stanza for each of its parts.
    expect(answer.content).toMatch(/\*Lines from Psalm 23:1-2; Psalm 23:3-4; Psalm 23:5-6\*$/);
    expect(answer.content.split('\n\n')).toHaveLength(5);
    expect(answer.content).not.toContain('When my heart grows weary');
  });

  it('outlines a sermon in three points, each headed by its verse’s words and quoting it', async () => {
    const { answer } = await ask({ question: 'the love of God', kind: 'sermon' }, { locale: 'en' });
    expect(answer.language).toBe('en');
    expect(answer.content).toMatch(/^### Sermon outline: the love of God\n\n\*\*Big idea:\*\* “[^”]+” \(/);
    const points = answer.content.split('\n#### ').slice(1);
    expect(points).toHaveLength(3);
    for (const point of points) expect(point).toMatch(/^\d\. .+\n\n> .+\n> — /);
    expect(answer.content).not.toContain('What God says');
    expect(answer.citations.every((c) => c.status === 'linked')).toBe(true);
  });

  it('gives another arrangement when the same request is asked again in the conversation', async () => {
    const user = await createTestUser(t.database, 'again');
    const headers = { ...user.headers, locale: 'en' };
    const first = await ask({ question: 'the love of God', kind: 'poem' }, headers);
    const again = await ask(
      { question: 'the love of God', kind: 'poem', conversationId: first.answer.conversationId },
      headers,
    );
    expect(again.answer.content).not.toBe(first.answer.content);
    expect(again.answer.citations.every((c) => c.status === 'linked')).toBe(true);
  });

  it('gives another version when the piece is sent again, to an account and to a guest', async () => {
    const resend = async (answerId: string, headers: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/webapi/portal/chat/resend',
        headers: { locale: 'en', ...headers },
        payload: { answerId, requestId: nextId() },
      });
      const done = parseSse(res.body).at(-1) as SseEventLike & { answer: Answer };
      expect(done.type).toBe('done');
      return done.answer;
    };
    const user = await createTestUser(t.database, 'version');
    const guestKey = (await t.app.inject({ method: 'POST', url: '/webapi/portal/chat/guest-key' })).json().data
      .guestKey as string;
    const readers: Record<string, string>[] = [
      { ...user.headers, locale: 'en' },
      { 'guest-key': guestKey, locale: 'en' },
    ];
    for (const headers of readers) {
      const first = await ask({ question: 'the love of God', kind: 'poem' }, headers);
      const second = await resend(first.answer.id!, headers);
      expect(second.kind).toBe('poem');
      expect(second.content).not.toBe(first.answer.content);
      const third = await resend(second.id!, headers);
      expect(new Set([first.answer.content, second.content, third.content]).size).toBe(3);
    }
  });
});

describe('off-topic questions', () => {
  it('answers a question outside faith with what the assistant is for and two examples, no verses', async () => {
    const { events, answer } = await ask({ question: '今天上海天气怎么样？推荐一家好吃的火锅店' });
    expect(answer.content).toContain('我是圣经问答助手');
    expect(answer.content).toContain('- 神爱世人是什么意思？');
    expect(answer.citations).toEqual([]);
    expect(answer.relatedBooks).toEqual([]);
    expect(answer.relatedLiterature).toEqual([]);
    expect(answer.images).toEqual([]);
    expect(answer.followUps).toEqual(['神爱世人是什么意思？', '圣经怎么说饶恕？']);
    expect(events.some((e) => e.type === 'citation')).toBe(false);
  });

  it('redirects in the reader’s language', async () => {
    const { answer } = await ask({ question: 'Quelle est la météo à Lyon demain ?' }, { locale: 'fr-fr' });
    expect(answer.content).toMatch(/^Je suis un assistant pour les questions bibliques/);
    expect(answer.citations).toEqual([]);
  });

  it('writes a prayer chosen in the composer whatever its theme', async () => {
    const { answer } = await ask({ question: '明天婚礼的天气', kind: 'prayer' });
    expect(answer.kind).toBe('prayer');
    expect(answer.content).toMatch(ADDRESSED('明天婚礼的天气'));
    expect(answer.citations.length).toBeGreaterThan(0);
  });

  it('answers a faith question about an everyday matter from Scripture', async () => {
    const { answer } = await ask({ question: '圣经怎么看吃火锅？' });
    expect(answer.content).not.toContain('我是圣经问答助手');
  });
});

describe('readers in distress', () => {
  it('meets an anxious reader gently, with passages of comfort and no emergency line', async () => {
    const { answer } = await ask({ question: '我很焦虑，圣经怎么说？' });
    expect(answer.content).toMatch(/^听起来你心里正背着很重的担子/);
    expect(answer.content).not.toContain('急救电话');
    expect(answer.citations.map((c) => c.reference)).toEqual(['PSA.23.4', 'ROM.8.38-ROM.8.39', 'JHN.3.16']);
  });

  it('puts the help line first for a reader who speaks of ending their life, then comfort, then the help line again', async () => {
    const { answer } = await ask({ question: 'I want to end my life' }, { locale: 'en' });
    const blocks = answer.content.split('\n\n');
    expect(blocks[0]).toMatch(/^\*\*If you are thinking of ending your life.*\[988\]\(tel:988\)/);
    expect(blocks[1]).toMatch(/^Thank you for telling me/);
    expect(answer.content).toContain('Please call one of the lines above now');
    expect(answer.content).toMatch(/your local emergency number\.\*\*$/);
    expect(answer.citations.every((c) => c.status === 'linked')).toBe(true);
    expect(answer.followUps).toEqual([
      'Who can I call right now?',
      'Please pray for me',
      'What hope does the Bible give to people who are suffering?',
    ]);
  });

  it('gives no method and no verse about dying to a question that asks for one', async () => {
    const { answer } = await ask({ question: 'What is the most painless way to die?' }, { locale: 'en' });
    expect(answer.content).toMatch(/^\*\*If you are thinking of ending your life/);
    // Comfort passages only: Psalm 23:4's valley of the shadow of death and Romans 8:38 are not among them.
    expect(answer.citations.map((c) => c.reference)).not.toContain('PSA.23.4');
    expect(answer.citations.map((c) => c.reference)).not.toContain('ROM.8.38-ROM.8.39');
    expect(answer.content).not.toMatch(/shadow of death/i);
  });

  it('meets a message it cannot place but that carries distress with care, not “try other words”', async () => {
    const { answer } = await ask({ question: '我已经写好了遗书' });
    expect(answer.content).toMatch(/^\*\*如果你正在想结束自己的生命/);
    expect(answer.content).not.toContain('换一种说法');
  });

  it('answers a question about a death in the Bible with no help line', async () => {
    const { answer } = await ask({ question: '犹大为什么自杀？' });
    expect(answer.content).not.toContain('如果你正在想结束自己的生命');
    expect(answer.content).not.toContain('12356');
  });

  it('keeps the help line first for a plain question in a conversation where the reader was at risk', async () => {
    const user = await createTestUser(t.database, 'after-crisis');
    const first = await ask({ question: '我真的不想活了' }, user.headers);
    const second = await ask(
      { question: '诗篇23篇讲了什么？', conversationId: first.answer.conversationId },
      user.headers,
    );
    expect(second.answer.content).toMatch(/^\*\*如果你正在想结束自己的生命/);
    expect(books(second.answer)).toContain('PSA');
  });
});

describe('follow-ups in a conversation', () => {
  it('retrieves a follow-up for its own question, not the previous answer’s passages', async () => {
    const user = await createTestUser(t.database, 'follower');
    const first = await ask({ question: '罗马书8章讲了什么？' }, user.headers);
    expect(books(first.answer)).toContain('ROM');
    const second = await ask(
      { question: '诗篇23篇讲了什么？', conversationId: first.answer.conversationId },
      user.headers,
    );
    expect(second.answer.citations.length).toBeGreaterThan(0);
    expect(books(second.answer).every((b) => b === 'PSA')).toBe(true);
  });

  it('resolves what “this passage” points back to from the conversation', async () => {
    const user = await createTestUser(t.database, 'resolver');
    const first = await ask({ question: '罗马书8:28是什么意思？' }, user.headers);
    const second = await ask(
      { question: '这段经文的上下文是什么？', conversationId: first.answer.conversationId },
      user.headers,
    );
    expect(books(second.answer)[0]).toBe('ROM');
  });
});

/** The conversation's rules (issue 35): links made from a message's text, and every status change's entry. */
import { describe, expect, it } from 'vitest';
import { linkParts, MESSAGE_MAX_CHARS, SYSTEM_EVENTS } from '../../src/domain/conversation.ts';
import { LIFECYCLE, LIFECYCLE_EVENTS, transitionFor } from '../../src/domain/lifecycle.ts';
import { customerMessageSchema, staffMessageSchema } from '../../src/domain/validation/conversation.ts';

const joined = (text: string) => linkParts(text).map((part) => part.text).join('');
const links = (text: string) => linkParts(text).flatMap((part) => ('url' in part ? [part.url] : []));

describe('links in a message', () => {
  it('makes http, https and www. addresses links, and keeps every character of the text', () => {
    const text = 'Sample: https://example.com/a?b=1#c and http://shop.example.kr, or www.example.org.';
    expect(links(text)).toEqual(['https://example.com/a?b=1#c', 'http://shop.example.kr', 'https://www.example.org']);
    expect(joined(text)).toBe(text);
  });

  it("leaves the sentence's punctuation and closing brackets outside the link", () => {
    expect(links('(see https://example.com/page).')).toEqual(['https://example.com/page']);
    expect(links('주소는 https://example.com/시안。 확인해 주세요')).toEqual(['https://example.com/시안']);
    expect(links('Wiki: https://en.wikipedia.org/wiki/Bokeh_(photography)!')).toEqual(['https://en.wikipedia.org/wiki/Bokeh_(photography)']);
    expect(links('"https://example.com/x"')).toEqual(['https://example.com/x']);
  });

  it('never links script, data, mail or address-less text, and keeps markup as words', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'mailto:a@example.com', 'https://', 'https://localhost/x', 'https://user:pw@example.com', 'x@www.example.com']) {
      expect(links(text), text).toEqual([]);
      expect(joined(text)).toBe(text);
    }
    expect(linkParts('<b>bold</b> <a href="https://evil.example">x</a>')).toEqual([{ text: '<b>bold</b> <a href="' }, { url: 'https://evil.example', text: 'https://evil.example' }, { text: '">x</a>' }]);
  });

  it('handles a message of the longest length quickly and exactly', () => {
    const text = 'https://example.com/a '.repeat(180).slice(0, MESSAGE_MAX_CHARS);
    const started = performance.now();
    expect(joined(text)).toBe(text);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('what a message may be', () => {
  it('takes up to 4,000 characters with line breaks, and refuses more or nothing', () => {
    expect(customerMessageSchema.safeParse({ body: `a\r\nb${'c'.repeat(MESSAGE_MAX_CHARS - 3)}` }).data?.body).toBe(`a\nb${'c'.repeat(MESSAGE_MAX_CHARS - 3)}`);
    expect(customerMessageSchema.safeParse({ body: 'c'.repeat(MESSAGE_MAX_CHARS + 1) }).error?.issues[0]?.message).toBe('validation.tooLong');
    expect(customerMessageSchema.safeParse({ body: '  \n ' }).error?.issues[0]?.message).toBe('validation.required');
    expect(customerMessageSchema.safeParse({ body: 'hi\u0007' }).error?.issues[0]?.message).toBe('validation.controlChars');
  });

  it('lets only staff write a private note', () => {
    expect(staffMessageSchema.parse({ body: 'note', private: true }).private).toBe(true);
    expect(customerMessageSchema.parse({ body: 'hi', private: true })).not.toHaveProperty('private');
  });
});

describe('the entries status changes write', () => {
  it("gives every change an entry the thread knows, except the order's own start", () => {
    for (const event of LIFECYCLE_EVENTS) {
      const { entry } = LIFECYCLE[event];
      if (event === 'placed' || event === 'consultationOpened') expect(entry, event).toBeNull();
      else expect(SYSTEM_EVENTS, event).toContain(entry);
    }
    expect(transitionFor('paid', 'pending', 'provider')?.entry).toBe('paid');
    expect(transitionFor('setByStaff', 'order_received', 'staff', 'in_progress')?.entry).toBe('status_changed');
  });
});
